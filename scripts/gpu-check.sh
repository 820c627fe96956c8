#!/usr/bin/env bash
# For a machine with an NVIDIA GPU: trains the example (./feedline train) with and without
# @PrefetchToDevice, samples nvidia-smi while the steps after epoch 1 run, and prints one summary
# line. docs/gpu.md explains how to run it and read it.
#
# usage: scripts/gpu-check.sh [--steps N] [--data DIR]
#   FEEDLINE_PROFILES  Maven profiles of the build; default gpu,cuda-redist (CUDA from Maven
#                      Central). Use gpu alone where CUDA 12 and cuDNN 9 are installed.
#   NVIDIA_SMI         the nvidia-smi to sample; default the one on PATH.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
steps=300
data="$root/target/feedline-demo"
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) steps="$2"; shift 2 ;;
    --data) data="$2"; shift 2 ;;
    *) echo "usage: scripts/gpu-check.sh [--steps N] [--data DIR]" >&2; exit 2 ;;
  esac
done
export FEEDLINE_PROFILES="${FEEDLINE_PROFILES-gpu,cuda-redist}"
smi="${NVIDIA_SMI:-nvidia-smi}"
command -v "$smi" >/dev/null || { echo "gpu-check: $smi not found: this check needs an NVIDIA GPU and its driver" >&2; exit 2; }

work="$(mktemp -d)"
trap 'kill "${sampler:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

# One mode: the train command's lines and the GPU samples, each stamped with the time.
run_mode() { # $1 = device buffer
  local out="$work/train-$1" samples="$work/smi-$1"
  (while :; do
     echo "$(date +%s.%N) $("$smi" --query-gpu=utilization.gpu --format=csv,noheader,nounits -i 0)"
     sleep 0.2
   done) >"$samples" &
  sampler=$!
  "$root/feedline" train --steps "$steps" --data "$data" --device-buffer "$1" 2>"$work/err-$1" \
    | while IFS= read -r line; do echo "$(date +%s.%N) $line"; done >"$out" \
    || { kill "$sampler"; cat "$work/err-$1" >&2; echo "gpu-check: ./feedline train failed" >&2; exit 1; }
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  sed 's/^[0-9.]* //' "$out" | sed 's/^/  /' >&2
}

# Mean GPU utilization between the end of epoch 1 and the end of the last epoch: the steps that
# read the cache, where the pipeline's capacity is what the check is about.
mean_util() { # $1 = device buffer
  local from to
  from="$(awk '$2 == "Epoch" && $3 == "1:" { print $1 }' "$work/train-$1")"
  to="$(awk '$2 == "Epoch" { t = $1 } END { print t }' "$work/train-$1")"
  awk -v from="$from" -v to="$to" '$1 > from && $1 <= to && $2 ~ /^[0-9]+$/ { s += $2; n++ }
    END { if (n) printf "%.0f", s / n; else printf "n/a" }' "$work/smi-$1"
}

json() { # $1 = device buffer, $2 = key
  tail -n 1 "$work/train-$1" | grep -o "\"$2\": [^,}]*" | sed 's/.*: //; s/"//g'
}

summary=""
verdict="met"
for buffer in 2 0; do
  echo "gpu-check: training $steps steps with --device-buffer $buffer ..." >&2
  run_mode "$buffer"
  util="$(mean_util "$buffer")"
  wait_share="$(json "$buffer" input_wait)"
  mode=$([ "$buffer" -gt 0 ] && echo "prefetch-to-device($buffer)" || echo "direct")
  summary+="$(printf '%s: %s images/s, GPU %s%% busy, input wait %.1f%%, model on %s; ' "$mode" \
    "$(json "$buffer" images_per_second)" "$util" "$(awk -v w="$wait_share" 'BEGIN { print 100 * w }')" \
    "$(json "$buffer" model_devices)")"
  if [ "$buffer" -gt 0 ]; then
    awk -v u="$util" -v w="$wait_share" 'BEGIN { exit !(u != "n/a" && u >= 90 && w <= 0.02) }' \
      || verdict="missed"
  fi
done
echo "gpu-check: ${summary}targets (prefetch to device: GPU >= 90% busy, input wait <= 2%) $verdict"
