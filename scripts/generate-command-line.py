#!/usr/bin/env python3
"""The tables of pb's own readers of the command line, made from ArgumentParser's
declarations: the subcommands of every command, every subcommand's short options (for
CommandLineTokens), and the options of the commands FastCommandLine reads.

Usage: scripts/generate-command-line.py [PB] > Sources/pb/CommandLineTables.swift

PB is a built pb (default .build/debug/pb); its `--experimental-dump-help` is what the
declarations say. The tables are generated rather than built from the declarations when
pb runs: reading those means constructing every command (reflection, property wrappers),
which costs more than a small paste's own work. FastCommandLineTests checks that the
committed file is what this makes of the binary under test.
"""

import json
import subprocess
import sys

# The commands shell scripts run most, read without ArgumentParser (FastCommandLine).
FAST = ["paste", "copy", "count", "contains", "types", "type", "cut"]

# Help and version are the root parser's, wherever they stand.
ROOT_ONLY = {"-h", "--help", "--version"}


def names(argument):
    """The argument's long name and its short one (or None), as typed."""
    long = short = None
    for name in argument.get("names", []):
        if name["kind"] == "long":
            long = "--" + name["name"]
        elif name["kind"] == "short":
            short = "-" + name["name"]
    return long, short


def commands(command, prefix=""):
    """(name as typed after pb, its dump) for every subcommand, depth first."""
    for sub in command.get("subcommands", []):
        name = prefix + sub["commandName"]
        yield name, sub
        yield from commands(sub, name + " ")


def swift(value):
    if value is None:
        return "nil"
    if any(c in value for c in '"\\\n'):
        sys.exit(f"generate-command-line: {value!r} needs escaping")
    return f'"{value}"'


def listed(items, indent):
    """A Swift array literal on one line, or one element a line when that is too long."""
    line = "[" + ", ".join(items) + "]"
    if len(indent) + len(line) <= 110:
        return line
    return "[\n" + "".join(f"{indent}  {item},\n" for item in items) + indent + "]"


def pairs(arguments, indent="        "):
    return listed([f"Option({swift(long)}, {swift(short)})" for long, short in arguments], indent)


def strings(values, indent="      "):
    return listed([swift(v) for v in values], indent)


def identifier(name):
    return name + "Options"


def fast_options(name, dump):
    valued, flags, unconditional, repeating = [], [], [], []
    positionals = False
    for argument in dump.get("arguments", []):
        if argument["kind"] == "positional":
            positionals = True
            continue
        long, short = names(argument)
        if long is None:
            sys.exit(f"generate-command-line: an option of {name} has no long name to key its value")
        if long in ROOT_ONLY:
            continue
        if argument["kind"] == "flag":
            flags.append((long, short))
            continue
        valued.append((long, short))
        if argument.get("parsingStrategy") == "unconditional":
            unconditional.append(long)
        elif argument.get("parsingStrategy") != "default":
            sys.exit(f"generate-command-line: {long} of {name} is parsed in a way FastCommandLine does not read")
        if argument.get("isRepeating"):
            repeating.append(long)
    return (
        f"  private static let {identifier(name)} = Options(\n"
        f"    valued: {pairs(valued, '    ')},\n"
        f"    flags: {pairs(flags, '    ')},\n"
        f"    unconditional: {strings(unconditional, '    ')}, repeating: {strings(repeating, '    ')}, takesPositionals: {str(positionals).lower()})\n"
    )


def joined_options(name, dump):
    valued, flags, long_valued = "", "", []
    for argument in dump.get("arguments", []):
        if argument["kind"] == "positional":
            continue
        long, short = names(argument)
        if argument["kind"] == "option":
            if short:
                valued += short[1:]
            if long:
                long_valued.append(long)
        elif short:
            flags += short[1:]
    return (
        f"    case {swift(name)}:\n"
        f"      Options(valued: {swift(valued)}, flags: {swift(flags)}, longValued: {strings(long_valued)})\n"
    )


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pb"
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True).stdout)
    every = list(commands(dump["command"]))
    by_name = dict(every)
    missing = [name for name in FAST if name not in by_name or by_name[name].get("subcommands")]
    if missing:
        sys.exit(f"generate-command-line: no plain subcommand {missing}")
    # `help` is the parser's own, and `group` only names its subcommands.
    splittable = [(name, sub) for name, sub in every if name != "help" and not sub.get("subcommands")]
    out = [
        "// Generated by scripts/generate-command-line.py from `pb --experimental-dump-help`; do not edit.\n",
        "// ArgumentParser's declarations are the one definition of the command line; these are\n",
        "// the tables of what pb reads before ArgumentParser does, made from them.\n",
        "\n",
        "extension FastCommandLine {\n",
        "  /// The commands read here: the ones shell scripts run most.\n",
        f"  static let commands = {strings(FAST)}\n",
        "\n",
        "  /// One command's options, made when it first runs: only its own.\n",
        "  static func options(_ name: String) -> Options? {\n",
        "    switch name {\n",
    ]
    out += [f"    case {swift(name)}: {identifier(name)}\n" for name in FAST]
    out += [
        "    default: nil\n",
        "    }\n",
        "  }\n",
        "\n",
    ]
    out += [fast_options(name, by_name[name]) for name in FAST]
    out += [
        "}\n",
        "\n",
        "extension CommandLineTokens {\n",
        "  /// The subcommands of the command `path` names (\"\" for pb itself, `group`), in the\n",
        "  /// order of its help; `help`, the parser's own, left out.\n",
        "  static func subcommands(of path: String) -> [String] {\n",
        "    switch path {\n",
    ]
    parents = [("", dump["command"])] + [(name, sub) for name, sub in every if sub.get("subcommands")]
    for name, sub in parents:
        words = [child["commandName"] for child in sub["subcommands"] if child["commandName"] != "help"]
        out.append(f"    case {swift(name)}:\n      {strings(words, '      ')}\n")
    out += [
        "    default: []\n",
        "    }\n",
        "  }\n",
        "\n",
        "  /// A subcommand's short options, as letters, and its long options that take a value.\n",
        "  static func options(_ command: String) -> Options? {\n",
        "    switch command {\n",
    ]
    out += [joined_options(name, sub) for name, sub in splittable]
    out += [
        "    default: nil\n",
        "    }\n",
        "  }\n",
        "}\n",
    ]
    sys.stdout.write("".join(out))


main()
