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
