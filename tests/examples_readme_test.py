#!/usr/bin/env python3
"""Runs every command of examples/README.md as written, and every example of
`clustersim --help` and `simulator --help` that uses the files in examples/.

Usage: examples_readme_test.py BINARY_DIR REPO_ROOT

The commands in the README's ```sh blocks run in order, from a scratch
directory that holds a link to the repository's examples/ (so outputs land in
the scratch directory's out/, never in the source tree), with BINARY_DIR (the
built clustersim, simulator and tracer) first on PATH. Each must exit 0 and
print no error; the files a command names after -o must exist afterwards.
The test fails if the README has no commands, so an emptied README fails.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


def commands(readme):
    out, inside = [], False
    for line in open(readme, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("```"):
            inside = line.strip() == "```sh" if not inside else False
            continue
        if inside and line.strip() and not line.lstrip().startswith("#"):
            out.append(line.strip())
    return out


def help_examples(bindir):
    """The example lines of both front ends' --help that use examples/."""
    out = []
    for prog in ("clustersim", "simulator"):
        text = subprocess.run([os.path.join(bindir, prog), "--help"], capture_output=True, text=True).stdout
        lines, inside = text.splitlines(), False
        joined = []
        for line in lines:
            if line.startswith("Examples"):
                inside = True
                continue
            if inside and not line.startswith("  "):
                inside = False
            if not inside:
                continue
            if joined and joined[-1].endswith("\\"):
                joined[-1] = joined[-1][:-1] + " " + line.strip()
            else:
                joined.append(line.strip())
        for cmd in joined:
            cmd = re.split(r"\s{2,}[#(]", cmd)[0].strip()  # drop trailing "  # ..." and "  (...)" remarks
            if "examples/" in cmd:
                out.append(cmd)
    return out


def main():
    bindir, root = (os.path.abspath(a) for a in sys.argv[1:3])
    cmds = commands(os.path.join(root, "examples", "README.md"))
    if len(cmds) < 5:
        print(f"FAIL: examples/README.md has {len(cmds)} commands; expected the documented set")
        return 1
    helps = help_examples(bindir)
    if len(helps) < 8:
        print(f"FAIL: --help shows {len(helps)} examples using examples/: {helps}")
        return 1
    cmds += helps
    work = tempfile.mkdtemp(prefix="clustersim_examples_")
    try:
        os.symlink(os.path.join(root, "examples"), os.path.join(work, "examples"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
        for cmd in cmds:
            r = subprocess.run(cmd, shell=True, cwd=work, env=env, capture_output=True, text=True, timeout=600)
            if r.returncode != 0 or re.search(r"\berror\b", r.stderr):
                print(f"FAIL: `{cmd}` exited {r.returncode}\n{r.stdout[-1500:]}\n{r.stderr[-1500:]}")
                return 1
            argv = shlex.split(cmd)
            for flag in ("-o", "-m"):
                if flag in argv:
                    target = os.path.join(work, argv[argv.index(flag) + 1])
                    if not os.path.exists(target):
                        print(f"FAIL: `{cmd}` did not write {argv[argv.index(flag) + 1]}")
                        return 1
            if "--report" in argv and not os.path.exists(os.path.join(work, argv[argv.index("-o") + 1],
                                                                      "report.html")):
                print(f"FAIL: `{cmd}` wrote no report.html")
                return 1
            print(f"ok: {cmd}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"ok: {len(cmds)} commands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
