"""A Qt 5 application holding a photo on the clipboard, for the import tests and the
bench: QClipboard.setImage of WIDTHxHEIGHT pixels of random noise (which compresses as
badly as a photo's detail), so that Qt offers image/png and the dozen image types it
makes on request from the same QImage. Prints "owned" once it holds the clipboard, and
serves until another client takes it (then exits).

  qt_clipboard.py [WIDTHxHEIGHT]      (default 1920x1080)

Needs PyQt5 (Debian's python3-pyqt5) and QT_QPA_PLATFORM=xcb with DISPLAY set.
"""
import os
import sys

from PyQt5.QtGui import QClipboard, QImage
from PyQt5.QtWidgets import QApplication


def main():
    width, height = (int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "1920x1080").split("x"))
    app = QApplication(sys.argv[:1])
    clipboard = app.clipboard()
    pixels = os.urandom(width * height * 4)
    image = QImage(pixels, width, height, QImage.Format_RGB32).copy()  # owns its pixels
    clipboard.setImage(image, QClipboard.Clipboard)

    def changed(mode):
        if mode == QClipboard.Clipboard and not clipboard.ownsClipboard():
            app.quit()

    clipboard.changed.connect(changed)
    app.processEvents()
    if not clipboard.ownsClipboard():
        sys.exit("could not take the clipboard")
    print("owned", flush=True)
    app.exec_()


main()
