import os
import subprocess

ROOT = os.path.dirname(os.path.abspath(__file__))

class Manager:
    def run_command(self, command, env=None):
        env = env or {}
        old = env.get("PYTHONPATH")
        env["PYTHONPATH"] = "%s:%s" % (ROOT, old) if old else ROOT  # the same dir again
        return subprocess.Popen(command, env=env).pid

class Runner:
    def __init__(self):
        self.env_vars, self.spm = os.environ.copy(), Manager()
    def run(self):
        return self.spm.run_command(["true"], env=self.env_vars)
    def resume(self):
        return self.spm.run_command(["true"], env=self.env_vars)
