/* The JPEG data check, compiled: pnp/render/jpegdata.py says why it exists, and runs
   simplejpeg instead where this module was not built (tools/build_jpeg_check.py).

   check(data) decodes every scan of a JPEG once, at 1/8 scale and in grey where the file's
   colours allow: every byte of the entropy-coded data is still read and checked, less work
   goes into pixels. It returns None when libjpeg had nothing to say, else the text of its
   first error or warning. Extraneous bytes before a marker (some cameras and editors write
   them; the picture is whole) are let through and decoding goes on; any other warning ends
   it, as an error would. It raises RuntimeError when the library refuses to start at all
   (built against a libjpeg of another version than the one loaded), so the caller can
   use the other check. The GIL is released while decoding: the build checks two pictures
   at once on background threads. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

struct complaint {
    struct jpeg_error_mgr manager; /* first: libjpeg hands back a pointer to it */
    jmp_buf escape;
    char text[JMSG_LENGTH_MAX];
};

/* An error, or a warning taken as one: keep libjpeg's text and leave the decoder. */
static void give_up(j_common_ptr info)
{
    struct complaint *complaint = (struct complaint *)info->err;
    (*info->err->format_message)(info, complaint->text);
    longjmp(complaint->escape, 1);
}

/* Level -1 is a warning (corrupt data libjpeg decoded around); higher levels are trace
   messages, which say nothing about the file. */
static void on_message(j_common_ptr info, int level)
{
    if (level == -1 && info->err->msg_code != JWRN_EXTRANEOUS_DATA)
        give_up(info);
}

/* Every scan decoded; 0 when clean, 1 when the data has a fault, 2 when libjpeg would
   not start. */
static int decode_all(const unsigned char *data, unsigned long size, struct complaint *complaint)
{
    struct jpeg_decompress_struct info;
    volatile int started = 0;

    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&complaint->manager);
    complaint->manager.error_exit = give_up;
    complaint->manager.emit_message = on_message;
    complaint->text[0] = '\0';
    if (setjmp(complaint->escape)) {
        jpeg_destroy_decompress(&info);
        return started ? 1 : 2;
    }
    jpeg_create_decompress(&info);
    started = 1;
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    info.scale_num = 1;
    info.scale_denom = 8;
    info.dct_method = JDCT_IFAST;
    info.do_fancy_upsampling = FALSE;
    info.do_block_smoothing = FALSE;
    if (info.jpeg_color_space == JCS_YCbCr || info.jpeg_color_space == JCS_GRAYSCALE)
        info.out_color_space = JCS_GRAYSCALE; /* the colour planes are still read */
    jpeg_start_decompress(&info);
    JSAMPARRAY row = (*info.mem->alloc_sarray)((j_common_ptr)&info, JPOOL_IMAGE,
                                               info.output_width * info.output_components, 1);
    while (info.output_scanline < info.output_height)
        jpeg_read_scanlines(&info, row, 1);
    jpeg_finish_decompress(&info); /* reads on to the end marker */
    jpeg_destroy_decompress(&info);
    return 0;
}

static PyObject *check(PyObject *module, PyObject *argument)
{
    Py_buffer view;
    struct complaint complaint;
    int outcome;

    if (PyObject_GetBuffer(argument, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    outcome = decode_all((const unsigned char *)view.buf, (unsigned long)view.len, &complaint);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    if (outcome == 0)
        Py_RETURN_NONE;
    if (outcome == 2) {
        PyErr_Format(PyExc_RuntimeError, "libjpeg would not start: %s", complaint.text);
        return NULL;
    }
    return PyUnicode_DecodeLatin1(complaint.text, (Py_ssize_t)strlen(complaint.text),
                                  "replace");
}

static PyObject *library(PyObject *module, PyObject *unused)
{
    return PyLong_FromLong(JPEG_LIB_VERSION);
}

static PyMethodDef functions[] = {
    {"check", check, METH_O,
     "check(data) -> None when every scan of the JPEG decodes cleanly, else libjpeg's first "
     "complaint."},
    {"library", library, METH_NOARGS, "The libjpeg API version this module was built for."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef definition = {
    PyModuleDef_HEAD_INIT, "_jpegdata",
    "Whether a JPEG's data is whole (pnp/render/jpegdata.py).", -1, functions,
};

PyMODINIT_FUNC PyInit__jpegdata(void)
{
    return PyModule_Create(&definition);
}
