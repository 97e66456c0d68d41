"""The `companion` command as a newcomer meets it: help with no words, a version, help for every option."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from companion.cli import build_parser, main


def every_action(parser: argparse.ArgumentParser, path=("companion",)):
    """(command path, action) for every option and argument of every subcommand."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from every_action(sub, (*path, name))
        elif not isinstance(action, argparse._HelpAction):
            yield " ".join(path), action


def test_no_words_print_the_commands_and_succeed():
    done = subprocess.run([sys.executable, "-m", "companion"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: companion")
    for command in ("serve", "referee", "read", "score", "print", "calibrate", "hardware"):
        assert f"\n    {command}" in done.stdout


def test_version_names_the_installed_release(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("companion ") and out.split()[1][0].isdigit()


@pytest.mark.parametrize("group, names", [("calibrate", ("camera", "colour", "cannon")),
                                          ("hardware", ("list", "test", "aim", "leds", "flash"))])
def test_a_command_group_alone_shows_its_choices(capsys, group, names):
    assert main([group]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: companion {group}")
    assert all(f"\n    {name}" in out for name in names)


@pytest.mark.parametrize("port, message", [("99999", "a port is 0 to 65535 (0 picks a free one), got 99999"),
                                           ("-1", "a port is 0 to 65535"),
                                           ("eighty", "expected a port number from 0 to 65535, got 'eighty'")])
def test_serve_refuses_a_port_the_os_would_wrap(port, message):
    # In a subprocess with a time limit: a port let through would start a server that never returns.
    done = subprocess.run([sys.executable, "-m", "companion", "serve", "--port", port, "--source", "none", "--no-qr"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert message in done.stderr


def test_every_option_of_every_command_says_what_it_is_for():
    silent = [f"{path} {action.option_strings or action.dest}" for path, action in every_action(build_parser())
              if not action.help or action.help == argparse.SUPPRESS]
    assert not silent, f"options without a help text: {silent}"


def test_the_calibrate_summary_names_all_it_measures():
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    summary = next(choice.help for choice in commands._choices_actions if choice.dest == "calibrate")
    assert all(word in summary for word in ("camera", "colour", "cannon")), summary


def test_the_cannon_calibration_is_offered_once():
    paths = [path for path, _ in every_action(build_parser())]
    offered = {path for path in paths if "cannon" in path.split()[-1] and "calibrat" in path}
    assert offered == {"companion calibrate cannon"}
