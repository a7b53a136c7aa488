from great_harbor.cli import main

raise SystemExit(main())
