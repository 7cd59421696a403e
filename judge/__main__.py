import sys

from judge.cli import main

sys.exit(main())
