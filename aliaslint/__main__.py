"""``python -m aliaslint``: the same as the ``aliaslint`` command."""
from aliaslint.cli import main

if __name__ == "__main__":
    main(prog_name="aliaslint")
