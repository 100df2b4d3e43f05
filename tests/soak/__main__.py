import sys

from .run import parse_args, run

sys.exit(run(parse_args(sys.argv[1:])))
