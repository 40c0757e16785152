import sys

class LazyOpen:  # unrelated class that happens to look like a file
    def __init__(self, name): self.name, self._file = name, None
    def _ensure(self): self._file = self._file or open(self.name, "rb")
    def read(self, n=-1): self._ensure(); return self._file.read(n)
    def seek(self, pos): self._ensure(); return self._file.seek(pos)
    def tell(self): self._ensure(); return self._file.tell()

def what(file):
    if isinstance(file, str):
        with open(file, "rb") as f: return f.read(4)
    pos = file.tell(); head = file.read(4); file.seek(pos); return head

def testall(names):
    for filename in names:  # str file names only
        print(what(filename))

def main(): testall(sys.argv[1:])
