"""Jobs that make files: build planning (`request`, `build`), rule sheets and score pads
(`documents`), the packed `kit.pdf` (`kit`), PNG and print-shop exports (`export`), Tabletop
Simulator saves (`tts`), the gallery page (`gallery`), build reports (`report`) and printer
profiles (`printers`)."""
