#!/usr/bin/env bash
# Builds and runs the libFuzzer harness for one decoder.
# Usage: Fuzz/run.sh nmea|json|gpx [SECONDS] [extra libFuzzer arguments...]
set -euo pipefail

decoder=${1:?usage: Fuzz/run.sh nmea|json|gpx [SECONDS] [libFuzzer args...]}
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))

root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK_DIR:-$root/.build/fuzz}
mkdir -p "$work/$decoder"
cd "$root"

case "$decoder" in
    nmea) define=FUZZ_NMEA; seeds=(Tests/Fixtures/nmea) ;;
    json) define=FUZZ_JSON; seeds=(Tests/Fixtures/gpsd-json) ;;
    gpx)  define=FUZZ_GPX;  seeds=(Tests/Fixtures/gpx) ;;
    *) echo "unknown decoder '$decoder' (nmea, json or gpx)" >&2; exit 64 ;;
esac

flags=(-sanitize=fuzzer,address -parse-as-library -O -g)
xml=(-I Sources/CLibXML2 -Xcc -I/usr/include/libxml2)
out="$work/$decoder"

# TrackModel and TrackFormats are compiled as their own modules (TrackFormats imports TrackModel),
# with coverage instrumentation; the entry point links them with libFuzzer's main.
swiftc "${flags[@]}" -wmo -module-name TrackModel -emit-module -emit-module-path "$out/TrackModel.swiftmodule" \
    -c Sources/TrackModel/*.swift -o "$out/TrackModel.o"
swiftc "${flags[@]}" -wmo -module-name TrackFormats -I "$out" "${xml[@]}" \
    -emit-module -emit-module-path "$out/TrackFormats.swiftmodule" \
    -c Sources/TrackFormats/*.swift -o "$out/TrackFormats.o"
swiftc "${flags[@]}" -D "$define" -module-name FuzzMain -I "$out" "${xml[@]}" \
    Fuzz/FuzzMain.swift "$out/TrackModel.o" "$out/TrackFormats.o" -lxml2 -o "$out/fuzz-$decoder"

# A working corpus seeded from the committed fixtures (libFuzzer adds what it finds there).
corpus="$out/corpus"
mkdir -p "$corpus"
for dir in "${seeds[@]}"; do
    [ -d "$dir" ] && find "$dir" -type f -size -64k -exec cp -n {} "$corpus/" \;
done
dict=()
[ -f "Fuzz/$decoder.dict" ] && dict=(-dict="Fuzz/$decoder.dict")

mkdir -p "$out/crashes"
# Swift's own backtracer would hold a crashing run up; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no
exec "$out/fuzz-$decoder" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len=16384 \
    -artifact_prefix="$out/crashes/" -print_final_stats=1 "$@"
