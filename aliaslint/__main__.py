"""``python -m aliaslint``: the same as the ``aliaslint`` command."""
from aliaslint.cli import console_script

if __name__ == "__main__":
    console_script()
