#!/usr/bin/env python3
"""Accounts for every skipped test of a `make test` run.

    scripts/check-skips.py --where user|ci ALLOW_LIST XML_DIR

Reads the GoogleTest XML every test binary wrote into XML_DIR (the build
sets GTEST_OUTPUT for each), prints each skipped test with its reason, and
exits 1 when a skip's class (the "[class]" its message starts with) is not in
ALLOW_LIST (tests/skips.toml) or is not allowed WHERE the tests ran; also
when XML_DIR holds no report at all, or a report of no test (a filter that
selects nothing passes in silence), since then nothing was accounted for.
"""
import argparse
import pathlib
import re
import sys
import xml.etree.ElementTree as ElementTree

try:
    import tomllib
except ImportError:
    raise SystemExit("check-skips: needs Python 3.11 or later (tomllib), as Debian 12's python3")

CLASS_PATTERN = re.compile(r"^\[([a-z0-9-]+)\]\s*(.*)$", re.DOTALL)


def skipped_tests(xml_dir, problems):
    """Yields (test name, reason) for each skipped test in the reports; a
    report that cannot be read, or records no test, goes to `problems`."""
    reports = sorted(pathlib.Path(xml_dir).glob("**/*.xml"))
    if not reports:
        problems.append(f"no GoogleTest XML report in {xml_dir}: were the tests run?")
    for report in reports:
        try:
            root = ElementTree.parse(report).getroot()
        except ElementTree.ParseError as error:
            problems.append(f"{report} is not a complete XML report ({error}): did a test binary crash?")
            continue
        if root.find(".//testcase") is None:
            problems.append(f"{report} records no test at all: did a filter select nothing?")
        for case in root.iter("testcase"):
            skipped = case.find("skipped")
            if skipped is None:
                continue
            # GoogleTest's message is "file:line\nthe text given to GTEST_SKIP()".
            message = skipped.get("message", "")
            reason = message.split("\n", 1)[1] if "\n" in message else message
            yield f"{case.get('classname')}.{case.get('name')}", reason.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--where", choices=["user", "ci"], required=True)
    parser.add_argument("allow_list")
    parser.add_argument("xml_dir")
    args = parser.parse_args()

    with open(args.allow_list, "rb") as allow_file:
        allowed = tomllib.load(allow_file)
    problems = []
    skips = sorted(skipped_tests(args.xml_dir, problems))
    refused = []
    lines = []
    for test, reason in skips:
        match = CLASS_PATTERN.match(reason)
        reason_class = match.group(1) if match else None
        if reason_class is None:
            verdict = "NOT ALLOWED: the reason names no [class]"
        elif reason_class not in allowed:
            verdict = f"NOT ALLOWED: [{reason_class}] is not in {args.allow_list}"
        elif not allowed[reason_class].get(args.where, False):
            verdict = f"NOT ALLOWED in {args.where}: {args.allow_list} says so for [{reason_class}]"
        else:
            verdict = "allowed"
        if verdict != "allowed":
            refused.append(test)
        lines.append(f"  {test}: {reason or '(no reason given)'}  -- {verdict}")

    print(f"skipped tests: {len(skips)}, {len(refused)} of them not allowed ({args.where}; {args.allow_list})")
    for line in lines:
        print(line)
    for problem in problems:
        print(f"check-skips: {problem}")
    return 1 if refused or problems else 0


if __name__ == "__main__":
    sys.exit(main())
