# The example of a loopy family defined by a C callback.
"$(dirname "$GRUNDY")/example_loopy_custom" 40
