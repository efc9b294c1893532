"""The command-line contract's two checks, for any game whose cli.main takes
(argv, stdin=, stdout=, stderr=) as winquad's, quax's and corners' do (docs/contract.md)."""

import io


def contract(cli):
    """(run, error_line) for a game's cli module: run(args, data) -> (exit code, stdout,
    stderr); error_line(args, data) asserts the one-error-line answer and returns its L."""

    def run(args, data):
        if isinstance(data, str):
            data = data.encode("ascii")
        out, err = io.StringIO(), io.StringIO()
        code = cli.main(args, stdin=io.BytesIO(data), stdout=out, stderr=err)
        return code, out.getvalue(), err.getvalue()

    def error_line(args, data):
        code, out, err = run(args, data)
        assert code == 2 and out == ""
        lines = err.split("\n")
        assert len(lines) == 2 and lines[1] == "" and lines[0].startswith("error: line "), err
        assert all(32 <= ord(ch) < 127 for ch in lines[0])
        return int(lines[0].split()[2].rstrip(":"))

    return run, error_line
