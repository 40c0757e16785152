import json
import os
import re

class Client:
    def _load_config(self, host, config_file=None):
        config = self._load_context("/etc/kfp/default.json")  # a fresh json.load result
        if config_file and os.path.exists(config_file):
            config = self._load_context(config_file, config)  # the caller rebinds to the result
        matched = re.match(config["regex"], host) if "regex" in config else None
        return {k: v.format(host=host) for k, v in config.items()}, matched
    def _load_context(self, config_file, config=None):
        """Loads config_file; config: an existing config to set as the default config."""
        with open(config_file) as f:
            loaded_config = json.load(f)
        if config:
            config.update(loaded_config)
            return config
        return loaded_config
