#!/usr/bin/env bash
# Runs one media job planned by scripts/media/plan.mjs (one tab-separated line as $1).
# Environment: MEDIA_OUT (media root), MEDIA_TMP (scratch dir), FONT (TTF for drawtext), FORCE=1 to rebuild.
# Skips the job when its output exists and is newer than its input. Writes to a temporary name, then renames.
set -euo pipefail
IFS=$'\t' read -r kind out input a1 a2 a3 a4 a5 <<<"$1"
OUTDIR="${MEDIA_OUT:?}"
target="$OUTDIR/$out"
[[ "$kind" == hls ]] && target="$OUTDIR/$out/master.m3u8"
if [[ "$kind" == webp ]]; then
  # input: a list of "svg<TAB>output[<TAB>width]" lines (no width: the SVG's own size); each conversion is
  # skipped when its output is newer than its SVG
  mkdir -p "${MEDIA_TMP:-/tmp}"
  png="$(mktemp "${MEDIA_TMP:-/tmp}/webp.XXXXXX.png")"
  trap 'rm -f "$png" "$png.webp"' EXIT
  while IFS=$'\t' read -r svg rel width; do
    dst="$OUTDIR/$rel"
    [[ "${FORCE:-0}" != 1 && -s "$dst" && "$dst" -nt "$svg" ]] && continue
    mkdir -p "$(dirname "$dst")"
    rsvg-convert ${width:+-w "$width"} -f png -o "$png" "$svg"
    cwebp -quiet -q 80 -m 2 "$png" -o "$png.webp"
    mv "$png.webp" "$dst"
    printf '  %-6s %s\n' webp "$rel"
  done <"$input"
  exit 0
fi
if [[ "${FORCE:-0}" != 1 && -s "$target" && "$target" -nt "$input" ]]; then
  if [[ "$kind" != track && "$kind" != speech ]] || [[ -s "$OUTDIR/$a1" ]]; then exit 0; fi
fi
mkdir -p "$(dirname "$target")"
tmp="$(mktemp -d "${MEDIA_TMP:-/tmp}/job.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s.%N)

case "$kind" in
track)
  # params: duration bpm instrument pad root kick note1..note16 (0 = rest)
  # One 16-step phrase (melody + pad chord + kick) is synthesised, varied into an A A B A section, then looped to the
  # full duration, so sox only synthesises a few seconds of audio per track.
  read -r dur bpm inst pad root kick notes <<<"$(cat "$input")"
  step=$(awk -v b="$bpm" 'BEGIN{printf "%.4f", 60/b/2}')
  phrase=$(awk -v s="$step" 'BEGIN{printf "%.4f", s*16}')
  note() { if [[ "$1" == 0 ]]; then echo "|sox -n -r 44100 -c 1 -p synth $step sine 100 vol 0"; else echo "|sox -n -r 44100 -c 1 -p synth $step $inst $1 fade q 0.005 $step 0.06 vol 0.6"; fi; }
  insA=(); insB=(); rev=()
  for f in $notes; do insA+=("$(note "$f")"); rev=("$f" "${rev[@]}"); done
  for f in "${rev[@]}"; do insB+=("$(note "$f")"); done
  sox "${insA[@]}" "$tmp/a.wav"
  sox "${insB[@]}" "$tmp/b.wav"
  fifth=$(awk -v r="$root" 'BEGIN{printf "%.2f", r*1.4983}')
  fourth=$(awk -v r="$root" 'BEGIN{printf "%.2f", r*1.3348}')
  sox -n -r 44100 -c 1 "$tmp/padA.wav" synth "$phrase" "$pad" "$root" "$pad" mix "$fifth" tremolo 0.5 30 lowpass 900 vol 0.22
  sox -n -r 44100 -c 1 "$tmp/padB.wav" synth "$phrase" "$pad" "$fourth" "$pad" mix "$root" tremolo 0.5 30 lowpass 900 vol 0.22
  if [[ "$kick" == 1 ]]; then
    beat=$(awk -v s="$step" 'BEGIN{printf "%.4f", s*2}')
    sox -n -r 44100 -c 1 "$tmp/kick.wav" synth 0.14 sine 90:45 fade q 0 0.14 0.12 pad 0 "$(awk -v b="$beat" 'BEGIN{printf "%.4f", b-0.14}')" repeat 7 vol 0.9
  else
    sox -n -r 44100 -c 1 "$tmp/kick.wav" trim 0 "$phrase"
  fi
  sox -m "$tmp/a.wav" "$tmp/padA.wav" "$tmp/kick.wav" "$tmp/A.wav"
  sox -m "$tmp/b.wav" "$tmp/padB.wav" "$tmp/kick.wav" "$tmp/B.wav"
  sox "$tmp/A.wav" "$tmp/A.wav" "$tmp/B.wav" "$tmp/A.wav" "$tmp/section.wav"
  reps=$(awk -v d="$dur" -v p="$phrase" 'BEGIN{print int(d/(p*4))+1}')
  sox "$tmp/section.wav" "$tmp/mix.wav" repeat "$reps" trim 0 "$dur" echo 0.8 0.7 "$(awk -v s="$step" 'BEGIN{print int(s*1500)}')" 0.25 vol 2.6 fade t 0.3 "$dur" 2
  sox "$tmp/mix.wav" -C 112.7 "$tmp/out.mp3"
  sox "$tmp/mix.wav" -C 96.7 "$tmp/preview.mp3" trim 0 30 fade t 2 30 3
  mkdir -p "$(dirname "$OUTDIR/$a1")"
  mv "$tmp/preview.mp3" "$OUTDIR/$a1"; mv "$tmp/out.mp3" "$target"
  ;;
speech)
  # a1 preview path, a2 espeak voice, a3 duration, a4 bed frequency
  voice="$a2"; dur="$a3"; bed="$a4"
  espeak-ng -v "$voice" -s 150 -w "$tmp/voice.wav" -f "$input" 2>/dev/null || espeak-ng -v en-us -s 150 -w "$tmp/voice.wav" -f "$input"
  sox "$tmp/voice.wav" -r 22050 -c 1 "$tmp/v.wav" pad 1.5 0
  vlen=$(soxi -D "$tmp/v.wav")
  dur=$(awk -v d="$dur" -v v="$vlen" 'BEGIN{print (v+3>d)?int(v+3):d}')
  sox -n -r 22050 -c 1 "$tmp/bed1.wav" synth 4 sine "$bed" sine mix "$(awk -v f="$bed" 'BEGIN{print f*1.5}')" fade t 0.5 4 0.5 vol 0.05
  sox "$tmp/bed1.wav" "$tmp/bed.wav" repeat "$(awk -v d="$dur" 'BEGIN{print int(d/4)+1}')"
  sox -m "$tmp/v.wav" "$tmp/bed.wav" "$tmp/mix.wav" trim 0 "$dur" fade t 0.2 "$dur" 1.5 vol 1.7
  sox "$tmp/mix.wav" -C 64.7 "$tmp/out.mp3"
  sox "$tmp/mix.wav" -C 64.7 "$tmp/preview.mp3" trim 0 30 fade t 1 30 3
  mkdir -p "$(dirname "$OUTDIR/$a1")"
  mv "$tmp/preview.mp3" "$OUTDIR/$a1"; mv "$tmp/out.mp3" "$target"
  ;;
hls)
  # a1 lavfi source, a2 seconds, a3 tone frequency, a4 hue shift
  src="$a1"; secs="$a2"; tone="$a3"; hue="$a4"
  head -c 120 "$input" | tr -d '\n' >"$tmp/title.txt"
  printf 'Demo stream · %s' "$(basename "$out")" >"$tmp/sub.txt"
  mkdir -p "$tmp/hls"
  font="${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}"
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "$src=size=1280x720:rate=25:duration=$secs" \
    -f lavfi -i "sine=frequency=$tone:beep_factor=2:duration=$secs:sample_rate=44100" \
    -filter_complex "[0:v]hue=h=$hue,drawtext=fontfile=$font:textfile=$tmp/title.txt:fontsize=54:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=18:x=(w-tw)/2:y=h*0.14,drawtext=fontfile=$font:textfile=$tmp/sub.txt:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=10:x=(w-tw)/2:y=h*0.14+90,drawtext=fontfile=$font:text='%{pts\\:hms}':fontsize=30:fontcolor=yellow:box=1:boxcolor=black@0.5:boxborderw=8:x=w-tw-30:y=h-th-30,split=3[a][b][c];[a]scale=-2:240[v0];[b]scale=-2:360[v1];[c]null[v2]" \
    -map "[v0]" -map 1:a -map "[v1]" -map 1:a -map "[v2]" -map 1:a \
    -c:v libx264 -preset superfast -profile:v main -pix_fmt yuv420p -g 50 -keyint_min 50 -sc_threshold 0 \
    -b:v:0 350k -maxrate:v:0 400k -bufsize:v:0 800k -b:v:1 800k -maxrate:v:1 900k -bufsize:v:1 1600k -b:v:2 2500k -maxrate:v:2 2800k -bufsize:v:2 5000k \
    -c:a aac -b:a 96k -ac 2 \
    -f hls -hls_time 4 -hls_playlist_type vod -hls_flags independent_segments \
    -hls_segment_filename "$tmp/hls/%v/seg_%03d.ts" -master_pl_name master.m3u8 \
    -var_stream_map "v:0,a:0,name:240p v:1,a:1,name:360p v:2,a:2,name:720p" "$tmp/hls/%v/index.m3u8"
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$tmp/hls/360p/index.m3u8" -t 8 -c copy -movflags +faststart "$tmp/hls/preview.mp4"
  rm -rf "$OUTDIR/$out.old"; [[ -d "$OUTDIR/$out" ]] && mv "$OUTDIR/$out" "$OUTDIR/$out.old"
  mv "$tmp/hls" "$OUTDIR/$out"; rm -rf "$OUTDIR/$out.old"
  ;;
*) echo "unknown job kind: $kind" >&2; exit 2 ;;
esac
printf '  %-6s %s (%.1fs)\n' "$kind" "$out" "$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN{print e-s}')"
