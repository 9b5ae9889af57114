"$(dirname "$GRUNDY")/example_custom_rules" 40
