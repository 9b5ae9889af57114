$GRUNDY values half --upto 15 --json
