"""The generated sections of bench/RESULTS.md, shared by the bench scripts.

A section sits between `<!-- SCRIPT: NAME begin -->` and `<!-- SCRIPT: NAME end -->`;
writing it replaces what is between the marks and keeps what people wrote
around it."""
import os


def cpu_model():
    """The CPU as /proc/cpuinfo names it, for the line that says where figures come from."""
    with open("/proc/cpuinfo") as f:
        return next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")


def write_generated_section(path, script, name, lines):
    begin, end = f"<!-- {script}: {name} begin -->", f"<!-- {script}: {name} end -->"
    text = open(path).read() if os.path.exists(path) else ""
    block = begin + "\n" + "\n".join(lines) + "\n" + end
    if begin in text and end in text:
        text = text[:text.index(begin)] + block + text[text.index(end) + len(end):]
    else:
        text = (text + "\n" if text else "") + block + "\n"
    with open(path, "w") as f:
        f.write(text)
