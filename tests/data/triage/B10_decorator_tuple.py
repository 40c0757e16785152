class Command:
    def __init__(self):
        self.params = []

def config_options_with_config_input(cmd, configs=("cfg",)):
    if not configs:
        return cmd, None
    cmd.params.insert(0, "--config")  # the purpose: add the option to cmd
    return cmd, {"names": configs}

def config_options(cmd):
    return config_options_with_config_input(cmd)[0]

def from_cli(cli_collection):
    cli_collection, config_input = config_options_with_config_input(cli_collection)
    return list(cli_collection.params), config_input

def make_api():
    return from_cli(Command())  # a new command per API (the package reloads the CLI module)
