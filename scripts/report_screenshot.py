#!/usr/bin/env python3
"""Regenerates docs/report-kth.png, the report screenshot in the README.

Usage: python3 scripts/report_screenshot.py [REPORT_HTML] [OUT_PNG]
(default out/kth-easy/report.html, written by `make run`).

Renders the page in headless Chromium and keeps the rows of the "Over time"
and "Waits and slowdowns" charts (a fixed band of the page), re-encoded as an
RGB PNG with the standard library only.
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "browser"))
from report_browser_test import chromium, png_pixels  # noqa: E402

TOP, BOTTOM, WIDTH = 925, 2040, 1600


def main():
    page = sys.argv[1] if len(sys.argv) > 1 else "out/kth-easy/report.html"
    out = sys.argv[2] if len(sys.argv) > 2 else "docs/report-kth.png"
    browser = chromium()
    if not browser:
        sys.exit("no chromium (scripts/install-deps.sh installs it)")
    with tempfile.TemporaryDirectory() as d:
        shot = os.path.join(d, "full.png")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--window-size={WIDTH},{BOTTOM}", "--screenshot=" + shot,
                        "file://" + os.path.abspath(page)], check=True, capture_output=True)
        w, h, bpp, rows = png_pixels(shot)
    raw = b"".join(b"\x00" + bytes(v for i, v in enumerate(rows[y]) if i % bpp < 3) for y in range(TOP, min(h, BOTTOM)))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, min(h, BOTTOM) - TOP, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(out, "wb").write(png)
    print(f"{out}: {w}x{min(h, BOTTOM) - TOP}, {len(png)} bytes")


if __name__ == "__main__":
    main()
