from pathlib import Path

import pytest

from pnp.content.wordlist import fold, load_word_list, mojibake_fix
from pnp.errors import DataError


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_txt_pairs_consecutive_words_and_skips_comments(tmp_path):
    words = load_word_list(write(tmp_path, "w.txt", "# my list\nDoor\n\nLamp\n  Stool  \nWoman\n"))
    assert [(c.front.text, c.back.text) for c in words.cards] == [("Door", "Lamp"),
                                                                   ("Stool", "Woman")]
    assert words.cards[1].front.line == 5
    assert words.warnings == []


def test_odd_count_leaves_a_blank_back_with_a_warning(tmp_path):
    words = load_word_list(write(tmp_path, "w.txt", "Door\nLamp\nStool\n"))
    assert words.cards[-1].back is None
    assert len(words.warnings) == 1
    assert "w.txt:3: odd number of words (3)" in str(words.warnings[0])


def test_csv_with_word_column_pairs_rows(tmp_path):
    words = load_word_list(write(tmp_path, "w.csv", "Word,notes\nDoor,x\nLamp,\nStool,y\n"))
    assert [c.front.text for c in words.cards] == ["Door", "Stool"]
    assert words.cards[0].back.text == "Lamp"


def test_csv_with_back_column_is_one_card_per_row(tmp_path):
    words = load_word_list(write(tmp_path, "w.csv", "word,back\nDoor,Lamp\nStool,\n"))
    assert words.cards[0].back.text == "Lamp"
    assert words.cards[1].back is None
    assert words.cards[1].front.line == 3


def test_json_list_keeps_paths_and_lines(tmp_path):
    text = '{"cards": [\n {"front": "Door", "back": "Lamp"},\n {"front": "Stool"}\n]}'
    words = load_word_list(write(tmp_path, "w.json", text))
    assert words.cards[1].front.path == "$.cards[1].front"
    assert words.cards[1].front.line == 3


def test_all_problems_are_reported_at_once(tmp_path):
    path = write(tmp_path, "w.txt", "Café\nDoor\ncafe\npiĂą\nDOOR\n")
    with pytest.raises(DataError) as exc:
        load_word_list(path)
    messages = [str(p) for p in exc.value.problems]
    assert messages == [
        f"{path}:3: 'cafe' duplicates 'Café' (line 1)",
        f"{path}:4: 'piĂą' looks garbled by a wrong text encoding; did you mean 'più'?",
        f"{path}:5: 'DOOR' duplicates 'Door' (line 2)",
    ]


def test_decomposed_accents_are_composed(tmp_path):
    words = load_word_list(write(tmp_path, "w.txt", "Cafe\u0301\nDoor\n"))
    assert words.cards[0].front.text == "Café"


@pytest.mark.parametrize(("garbled", "fixed"), [("piĂą", "più"), ("EtĂ\u00a0", "Età"),
                                                  ("CafÃ©", "Café"), ("Ã¨", "è")])
def test_mojibake_repairs(garbled, fixed):
    assert mojibake_fix(garbled) == fixed


@pytest.mark.parametrize("genuine", ["Äpfel", "Café", "più", "Straße", "niño", "Door", "Œuvre"])
def test_genuine_accented_words_are_not_mojibake(genuine):
    assert mojibake_fix(genuine) is None


def test_fold_ignores_case_and_accents():
    assert fold("Crème") == fold("CREME") == "creme"


@pytest.mark.parametrize("name", ["w.doc", "w"])
def test_unknown_suffix_is_an_error(tmp_path, name):
    with pytest.raises(DataError, match="must end in .json, .txt or .csv"):
        load_word_list(write(tmp_path, name, "Door\n"))


def test_empty_list_is_an_error(tmp_path):
    with pytest.raises(DataError, match="no words found"):
        load_word_list(write(tmp_path, "w.txt", "# nothing\n\n"))


def test_spreadsheet_csv_with_bom_and_semicolons(tmp_path):
    path = tmp_path / "w.csv"
    path.write_bytes("\ufeffWord;Back\nDoor;Lamp\nCafé;Stool\n".encode())
    words = load_word_list(path)
    assert [(c.front.text, c.back.text) for c in words.cards] == [("Door", "Lamp"),
                                                                   ("Café", "Stool")]


def test_tab_separated_csv(tmp_path):
    words = load_word_list(write(tmp_path, "w.csv", "word\tback\nDoor\tLamp\n"))
    assert words.cards[0].back.text == "Lamp"


def test_txt_with_bom(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes("\ufeffDoor\nLamp\n".encode())
    assert load_word_list(path).cards[0].front.text == "Door"


def test_soft_hyphens_are_accepted_and_ignored_when_comparing(tmp_path):
    words = load_word_list(write(tmp_path, "w.txt", "Feuer\u00adwehr\nDoor\n"))
    assert words.cards[0].front.text == "Feuer\u00adwehr"
    with pytest.raises(DataError, match="duplicates 'Feuer\\\\xadwehr'"):
        load_word_list(write(tmp_path, "d.txt", "Feuer\u00adwehr\nFeuerwehr\n"))


@pytest.mark.parametrize("word", ["\u00adFeuer", "Feuer\u00ad", "Feu\u00ad\u00ader",
                                  "Ice\u00ad cream"])
def test_a_soft_hyphen_must_stand_between_letters(tmp_path, word):
    with pytest.raises(DataError, match="soft hyphen"):
        load_word_list(write(tmp_path, "w.txt", f"{word}\nDoor\n"))


def test_other_invisible_characters_are_still_refused(tmp_path):
    with pytest.raises(DataError, match="control character"):
        load_word_list(write(tmp_path, "w.txt", "Feuer\u200bwehr\nDoor\n"))


def test_csv_quotes_doubled_inside_a_quoted_cell_are_one_quote(tmp_path):
    # The header alone has no quotes, so sniffing it must not switch off doubled quotes.
    words = load_word_list(write(tmp_path, "w.csv",
                                 'word,back\n"Salt, fine","He said ""hi"""\n'))
    assert (words.cards[0].front.text, words.cards[0].back.text) == ("Salt, fine",
                                                                     'He said "hi"')


@pytest.mark.parametrize(("text", "where"), [
    ('word\nDoor\n"Lamp\nStool\nWoman\n', "w.csv:3: a quoted cell runs on from line 3 to line 5"),
    ('word;back\nA;B\n"C;D\r\nE;F\r\n', "w.csv:3: a quoted cell runs on from line 3 to line 4"),
    ('word,back\n"two\nlines",x\nDoor,Lamp\n',
     "w.csv:2: a quoted cell runs on from line 2 to line 3"),
])
def test_an_unclosed_quote_is_named_where_it_opens(tmp_path, text, where):
    """The csv module reads an unclosed quote to the end of the file as one cell, which
    was blamed for a control character at the last line."""
    with pytest.raises(DataError) as caught:
        load_word_list(write(tmp_path, "w.csv", text))
    assert len(caught.value.problems) == 1
    assert where in str(caught.value) and "closing quote" in str(caught.value)


def test_semicolon_csv_keeps_doubled_quotes_too(tmp_path):
    words = load_word_list(write(tmp_path, "w.csv", 'Word;Back\n"A ""b""";"c;d"\n'))
    assert (words.cards[0].front.text, words.cards[0].back.text) == ('A "b"', "c;d")


@pytest.mark.parametrize("name", ["w.txt", "w.csv"])
def test_utf16_with_byte_order_mark_is_read(tmp_path, name):
    # Windows Notepad's "Unicode" and Excel's "Unicode text" save UTF-16 with a BOM.
    path = tmp_path / name
    path.write_bytes("word\tback\r\nCafé\tStool\r\n".encode("utf-16"))
    if name == "w.txt":
        path.write_bytes("Café\r\nStool\r\n".encode("utf-16"))
    card = load_word_list(path).cards[0]
    assert (card.front.text, card.back.text) == ("Café", "Stool")


def test_a_windows_1252_file_is_refused_with_its_line_and_the_fix(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes("Door\r\nLamp\r\nCafé\r\n".encode("cp1252"))
    with pytest.raises(DataError) as err:
        load_word_list(path)
    (problem,) = err.value.problems
    assert problem.line == 3
    assert problem.message == ("not UTF-8 text (byte 0xe9); if this line reads 'Café', the "
                               "file is Windows-1252 (Latin-1): save it as UTF-8")


def test_binary_junk_is_refused_without_a_windows_1252_guess(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(DataError) as err:
        load_word_list(path)
    assert err.value.problems[0].message == "not UTF-8 text (byte 0x89)"


def test_utf16_without_byte_order_mark_is_one_clear_error(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes("Door\nLamp\n".encode("utf-16-le"))
    with pytest.raises(DataError) as err:
        load_word_list(path)
    (problem,) = err.value.problems
    assert "NUL bytes" in problem.message and "byte-order mark" in problem.message


def test_lines_are_counted_as_editors_count_them(tmp_path):
    # Form feeds, U+2028 and NEL are not line breaks in an editor: the word holding them
    # is refused on its own line, and later line numbers stay right.
    path = write(tmp_path, "w.txt", "Door\nLa\x0cmp\nSt\u2028ool\nChair\nCafe\r\nCafé\n")
    with pytest.raises(DataError) as err:
        load_word_list(path)
    assert [(p.line, p.message.split("'")[1]) for p in err.value.problems] == [
        (2, "La\\x0cmp"), (3, "St\\u2028ool"), (6, "Café")]


@pytest.mark.parametrize("word", ["ספר", "كتاب", "Door ספר"])
def test_right_to_left_words_are_refused_rather_than_printed_backwards(tmp_path, word):
    # reportlab draws the letters in memory order, left to right and unjoined: 'ספר'
    # would print as 'רפס'. Refused whatever the font, until the renderer can shape them.
    with pytest.raises(DataError, match="right-to-left script"):
        load_word_list(write(tmp_path, "w.txt", f"{word}\nLamp\n"))
