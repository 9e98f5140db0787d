#!/usr/bin/env python3
"""Renders clustersim's HTML reports in headless Chromium and checks them.

Usage: report_browser_test.py CLUSTERSIM_BINARY REPO_ROOT

Makes the reports `make run` makes (KTH-SP2 under EASY, the seed-002 AI day)
and a comparison (KTH EASY against conservative), then for each page:
  - Chromium logs no console message at all (errors, exceptions, logs);
  - every chart (svg.chart) has as many series as it declares, each with
    data (a non-empty path with points, or bars), and both axis labels, with
    a unit in parentheses unless the quantity has none;
  - the expected charts are there (titles) with the expected series counts;
  - a screenshot is not blank (pixel standard deviation, share of non-white).
A self-check first feeds the detector a page with a script error and a blank
page, so a detector that sees nothing fails the test instead of passing it.

Skip only with CLUSTERSIM_SKIP_BROWSER_TEST=1 (exit code 77, reported by ctest
as skipped, with the reason printed). Without the variable a missing
Chromium is a failure. Traces come from CLUSTERSIM_TRACES (../shared/traces).
"""
import html.parser
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
UNITLESS = {"bounded slowdown", "fraction of started jobs", "fraction of finished jobs", "jobs waiting",
            "mean bounded slowdown", "jobs", "class", "run time", "difference in wait",
            "actual / nominal run time"}


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def chromium():
    for name in ("chromium", "chromium-browser", "chromium-headless-shell", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def render(browser, page, shot=None, size="1600,3000"):
    """Returns (dom, console lines); writes a screenshot when asked."""
    args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr",
            "--v=0", "--window-size=" + size]
    url = "file://" + os.path.abspath(page)
    if shot:
        r = subprocess.run(args + ["--screenshot=" + shot, url], capture_output=True, text=True, timeout=120)
    else:
        r = subprocess.run(args + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    console = [l for l in r.stderr.splitlines() if ":CONSOLE" in l or "Uncaught" in l]
    if r.returncode != 0:
        fail(f"chromium exited {r.returncode} on {page}: {r.stderr[-2000:]}")
    return r.stdout, console


class Charts(html.parser.HTMLParser):
    """Collects each svg.chart: title, declared series, series data, labels."""

    def __init__(self):
        super().__init__()
        self.charts, self.cur, self.text_class = [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "svg" and "chart" in cls:
            self.cur = {"declared": int(a.get("data-series", "-1")), "series": [], "labels": {}, "title": "",
                        "bars": 0}
            self.charts.append(self.cur)
        elif self.cur is None:
            return
        elif "series" in cls:
            self.cur["series"].append({"name": a.get("data-name", ""), "points": int(a.get("data-points", "0")),
                                       "d": a.get("d", None), "tag": tag, "rects": 0})
        elif tag == "rect" and self.cur["series"] and self.cur["series"][-1]["tag"] == "g":
            if float(a.get("height", "0")) > 0:
                self.cur["series"][-1]["rects"] += 1
        elif tag == "text":
            self.text_class = cls

    def handle_endtag(self, tag):
        if tag == "svg":
            self.cur = None
        if tag == "text":
            self.text_class = None
        if tag == "g" and self.cur is not None and self.cur["series"] and self.cur["series"][-1]["tag"] == "g":
            self.cur["series"][-1]["tag"] = "g-closed"

    def handle_data(self, data):
        if self.cur is None or not self.text_class:
            return
        if "chart-title" in self.text_class:
            self.cur["title"] += data
        elif "axis-label" in self.text_class:
            axis = "x" if "x" in self.text_class else "y"
            self.cur["labels"][axis] = self.cur["labels"].get(axis, "") + data


def check_page(browser, page, expected, workdir):
    dom, console = render(browser, page)
    if console:
        fail(f"{page}: console messages:\n  " + "\n  ".join(console))
    p = Charts()
    p.feed(dom)
    if not p.charts:
        fail(f"{page}: no chart in the rendered DOM")
    titles = {}
    for c in p.charts:
        t = c["title"]
        if len(c["series"]) != c["declared"] or c["declared"] < 1:
            fail(f"{page}: chart '{t}' declares {c['declared']} series, has {len(c['series'])}")
        for s in c["series"]:
            has_data = (s["d"] and len(s["d"]) > 8 and s["points"] > 0) or s["rects"] > 0
            if not has_data:
                fail(f"{page}: chart '{t}', series '{s['name']}' has no data")
        for axis in ("x", "y"):
            label = c["labels"].get(axis, "").strip()
            if not label:
                fail(f"{page}: chart '{t}' has no {axis} axis label")
            if "(" not in label and label not in UNITLESS:
                fail(f"{page}: chart '{t}': {axis} label '{label}' names no unit")
        titles[t] = len(c["series"])
    for title, series in expected.items():
        if title not in titles:
            fail(f"{page}: no chart titled '{title}' (charts: {sorted(titles)})")
        if series is not None and titles[title] != series:
            fail(f"{page}: chart '{title}' has {titles[title]} series, expected {series}")
    shot = os.path.join(workdir, os.path.basename(os.path.dirname(page)) + "-" + os.path.basename(page) + ".png")
    check_screenshot(browser, page, shot)
    print(f"ok: {page}: {len(p.charts)} charts, no console messages, screenshot not blank")


def png_pixels(path):
    """Decodes an 8-bit RGB/RGBA non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                fail(f"{path}: unsupported PNG (depth {depth}, colour type {ctype}, interlace {interlace})")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def pixel_stats(path):
    w, h, bpp, rows = png_pixels(path)
    n, s, s2, dark = 0, 0.0, 0.0, 0
    for y in range(0, h, 2):  # every other row and column: plenty for a variance
        line = rows[y]
        for x in range(0, w, 2):
            i = x * bpp
            lum = (299 * line[i] + 587 * line[i + 1] + 114 * line[i + 2]) / 1000
            n += 1
            s += lum
            s2 += lum * lum
            dark += lum < 200
    mean = s / n
    return (s2 / n - mean * mean) ** 0.5, dark / n


def check_screenshot(browser, page, shot, size="1600,1400"):
    render(browser, page, shot=shot, size=size)
    sd, dark = pixel_stats(shot)
    if sd < 20 or dark < 0.01:
        fail(f"{page}: screenshot looks blank (luminance sd {sd:.1f}, {100 * dark:.2f} % non-white pixels)")


def self_check(browser, workdir):
    """The detectors must see a script error and a blank page."""
    bad = os.path.join(workdir, "bad.html")
    open(bad, "w").write("<html><body><p>x</p><script>notDefinedAnywhere();</script></body></html>")
    _, console = render(browser, bad)
    if not console:
        fail("self-check: a page with a script error produced no console line; the detector is blind")
    blank = os.path.join(workdir, "blank.html")
    open(blank, "w").write("<html><body></body></html>")
    shot = os.path.join(workdir, "blank.png")
    render(browser, blank, shot=shot, size="800,600")
    sd, dark = pixel_stats(shot)
    if sd >= 20 or dark >= 0.01:
        fail(f"self-check: a blank page passed the blank-screenshot test (sd {sd:.1f})")
    print("ok: self-check (script error seen, blank page seen)")


def run(cmd, cwd):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        fail(f"{' '.join(cmd)} exited {r.returncode}: {r.stderr[-2000:]}")
    return r.stdout


def main():
    if os.environ.get("CLUSTERSIM_SKIP_BROWSER_TEST") == "1":
        print("SKIPPED: CLUSTERSIM_SKIP_BROWSER_TEST=1 is set; the reports were not checked in a browser")
        return SKIP
    if len(sys.argv) != 3:
        fail(__doc__)
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    browser = chromium()
    if not browser:
        fail("no Chromium found (scripts/install-deps.sh installs Debian's chromium); "
             "set CLUSTERSIM_SKIP_BROWSER_TEST=1 to skip this test explicitly")
    traces = os.environ.get("CLUSTERSIM_TRACES", os.path.join(root, "..", "shared", "traces"))
    kth = os.path.join(traces, "KTH-SP2-1996-2.1-cln.swf.gz")
    if not os.path.exists(kth):
        fail(f"{kth}: trace not found (set CLUSTERSIM_TRACES)")
    work = tempfile.mkdtemp(prefix="clustersim_browser_")
    try:
        self_check(browser, work)
        easy, cons, ai = (os.path.join(work, n) for n in ("kth-easy", "kth-conservative", "ai-day"))
        out = run([binary, "simulate", kth, "--backfill", "easy", "--report", "-o", easy], root)
        if os.path.join(easy, "report.html") not in out:
            fail("simulate --report did not print the report's path")
        run([binary, "simulate", kth, "--backfill", "conservative", "--quiet", "-o", cons], root)
        run([binary, "report", cons], root)
        run([binary, "simulate", "examples/ai-day.jsonl", "--cluster", "examples/cluster.yaml", "--report",
             "-o", ai], root)
        cmp_page = os.path.join(work, "compare.html")
        run([binary, "compare", easy, cons, "-o", cmp_page], root)
        base = {"Allocated processors": 2, "Utilisation": 1, "Queue length": 1, "Machine occupancy by job size": None,
                "Wait time distribution": 1, "Bounded slowdown distribution": 1,
                "Mean bounded slowdown by job size": 1, "Mean bounded slowdown by run time": 1}
        check_page(browser, os.path.join(easy, "report.html"), base, work)
        check_page(browser, os.path.join(cons, "report.html"), base, work)
        ai_expected = {"Allocated millicores": 2, "Queue length": 1, "Power": 3, "Caps": None, "CPU frequency": 1, "Temperatures": None,
                       "Energy per workload class": 1, "Slowdown due to power": 2}
        check_page(browser, os.path.join(ai, "report.html"), ai_expected, work)
        check_page(browser, cmp_page,
                   {"Allocated processors": 2, "Queue length": 2, "Wait time distribution": 2,
                    "Bounded slowdown distribution": 2, "Mean bounded slowdown by job size": 2,
                    "Wait in kth-conservative minus wait in kth-easy": 1}, work)
        size = os.path.getsize(os.path.join(easy, "report.html"))
        print(f"ok: all pages; KTH report {size} bytes")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
