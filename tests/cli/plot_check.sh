# plot_check.sh -- helpers for the grundy plot cases (sourced; not a case).
# The SVG has one element per line and one <g class="..."> per layer.

# png_size FILE: "W x H" from the PNG header (IHDR)
png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{
        printf "%d x %d\n", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
                            (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}

# svg_count FILE ELEMENT CLASS...: the ELEMENTs inside layers of the classes
svg_count() {
    f=$1
    el=$2
    shift 2
    awk -v el="<$el " -v classes=" $* " '
        /^<g class="/ { split($0, a, "\""); cls = a[2]; next }
        /^<\/g>/ { cls = ""; next }
        index($0, el) == 1 && index(classes, " " cls " ") { n++ }
        END { print n + 0 }' "$f"
}

# svg_distinct_x FILE CLASS...: distinct x of the rects in those layers
svg_distinct_x() {
    f=$1
    shift
    awk -v classes=" $* " '
        /^<g class="/ { split($0, a, "\""); cls = a[2]; next }
        /^<\/g>/ { cls = ""; next }
        /^<rect / && index(classes, " " cls " ") {
            split($0, a, "x=\""); split(a[2], b, "\""); seen[b[1]] = 1 }
        END { n = 0; for (k in seen) n++; print n }' "$f"
}

# svg_attr FILE CLASS NAME: attribute NAME of the layer CLASS
svg_attr() {
    awk -v cls="$2" -v name="$3" '
        index($0, "<g class=\"" cls "\"") == 1 {
            split($0, a, name "=\""); split(a[2], b, "\""); print b[1]; exit }' "$1"
}

# svg_cells FILE: the positions the cells of a board map cover (the sum
# of their widths over the cell size, times the block's positions)
svg_cells() {
    cell=$(svg_attr "$1" cell data-cell)
    block=$(svg_attr "$1" cell data-block)
    awk -v cell="$cell" -v block="$block" '
        /^<g class="/ { split($0, a, "\""); cls = a[2]; next }
        /^<rect / && cls == "cell" {
            split($0, a, "width=\""); split(a[2], b, "\"")
            n += int(b[1] / cell + 0.5) }
        END { print n * block * block }' "$1"
}

# check_svg FILE W H: well-formed, and rendered to a PNG of W x H
check_svg() {
    xmllint --noout "$1" || echo "xmllint: $1 is not well-formed"
    rsvg-convert "$1" -o "$1.png" || echo "rsvg-convert failed on $1"
    [ "$(png_size "$1.png")" = "$2 x $3" ] ||
        echo "rendered $(png_size "$1.png"), expected $2 x $3"
}

# svg_moves FILE: one line per move label of a board picture:
# "CHILD VALUE SHOWN" (data-child, data-value, the text drawn)
svg_moves() {
    awk '/^<text / && index($0, "data-child=\"") {
        split($0, a, "data-child=\""); split(a[2], b, "\"")
        split($0, c, "data-value=\""); split(c[2], e, "\"")
        t = $0; sub(/^[^>]*>/, "", t); sub(/<\/text>.*/, "", t)
        print b[1], e[1], t }' "$1"
}

# check_moves FILE RULES: every move label shows the value that
# `grundy values RULES --position CHILD --json` gives for its child, and
# winning marks are as many as the labels of value 0; prints the counts
check_moves() {
    svg_moves "$1" >"$1.moves"
    n=0
    zeros=0
    while read -r child value shown; do
        n=$((n + 1))
        want=$($GRUNDY values "$2" --position "$child" --json |
            sed 's/.*"value": \([0-9]*\).*/\1/')
        [ "$value" = "$want" ] && [ "$shown" = "$want" ] ||
            echo "move to $child: picture says $value ($shown), values says $want"
        [ "$want" = 0 ] && zeros=$((zeros + 1))
    done <"$1.moves"
    # red discs, or red frames of Rect's small boards
    red=$(($(svg_count "$1" circle move-win) + $(svg_count "$1" rect thumb-frame-win)))
    [ "$red" = "$zeros" ] || echo "$red winning marks for $zeros moves to 0"
    echo "$2: $n move labels checked, $zeros winning"
}
