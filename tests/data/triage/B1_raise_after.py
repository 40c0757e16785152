class Ctx:
    def __init__(self, args): self.args = args
    def fail(self, msg): raise SystemExit(msg)

def parse_options(ctx, args):
    while args: print("option", args.pop(0))

def resolve(ctx, args):
    if args[0].startswith("-"):
        parse_options(ctx, ctx.args)  # consumes ctx.args ...
        ctx.fail("no such command %s" % args[0])  # ... and always raises
    return args[0], args[1:]

def chain(ctx, args):
    names = []
    while args:
        name, args = resolve(ctx, args)
        names.append(name)
    return names
