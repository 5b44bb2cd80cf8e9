"""Synthesize Mother Lode's sound effects with the standard library only.

    python assets/sounds/generate.py          # writes draw.wav, dice.wav, ... next to this file

Every effect is built from sines and seeded noise, so running this again produces the same bytes.
The files are 22050 Hz, 16-bit, mono and well under two seconds each.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

RATE = 22050
Samples = list[float]


# ---------------------------------------------------------------------------- building blocks
def silence(seconds: float) -> Samples:
    return [0.0] * int(RATE * seconds)


def mix_into(dest: Samples, src: Samples, start: float, gain: float = 1.0) -> None:
    """Add `src` into `dest` from `start` seconds on, growing `dest` when needed."""
    offset = int(start * RATE)
    end = offset + len(src)
    if end > len(dest):
        dest.extend([0.0] * (end - len(dest)))
    for i, s in enumerate(src):
        dest[offset + i] += s * gain


def noise(rng: random.Random, seconds: float) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(RATE * seconds))]


def lowpass(samples: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """A one-pole low-pass; `cutoff` in Hz may change over time (a function of t in seconds)."""
    out: Samples = []
    y = 0.0
    for i, x in enumerate(samples):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2.0 * math.pi * max(fc, 1.0) / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(samples: Samples, cutoff: float) -> Samples:
    low = lowpass(samples, cutoff)
    return [x - l for x, l in zip(samples, low)]


def envelope(samples: Samples, attack: float, decay: float) -> Samples:
    """A linear attack of `attack` seconds, then an exponential decay with time constant `decay`."""
    out: Samples = []
    for i, x in enumerate(samples):
        t = i / RATE
        amp = t / attack if t < attack else math.exp(-(t - attack) / decay)
        out.append(x * amp)
    return out


def bell(freq: float, seconds: float, decay: float, brightness: float = 0.35) -> Samples:
    """A soft chime: a sine with a few quickly fading overtones (one slightly inharmonic, bell-like)."""
    partials = ((1.0, 1.0, 1.0), (2.0, brightness, 0.5), (2.76, brightness * 0.5, 0.3), (4.0, 0.08, 0.2))
    out: Samples = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        attack = min(1.0, t / 0.004)
        s = 0.0
        for ratio, amp, life in partials:
            s += amp * math.exp(-t / (decay * life)) * math.sin(2 * math.pi * freq * ratio * t)
        out.append(s * attack)
    return out


def finish(samples: Samples, peak: float = 0.8, fade: float = 0.01) -> Samples:
    """Normalize to `peak`, soften the ends so nothing clicks, and trim trailing near-silence."""
    top = max((abs(s) for s in samples), default=0.0) or 1.0
    out = [s * peak / top for s in samples]
    while len(out) > RATE // 20 and abs(out[-1]) < 1e-4:
        out.pop()
    n = min(len(out) // 2, int(RATE * fade))
    for i in range(n):
        g = i / n
        out[i] *= g
        out[-1 - i] *= g
    return out


# ---------------------------------------------------------------------------- the effects
def card_swish(rng: random.Random) -> Samples:
    """A card sliding off the deck: a noise burst whose brightness sweeps up and back down."""
    length = 0.32
    raw = noise(rng, length)
    # The filter opens and closes over the swish, which is what makes it sound like air moving.
    swept = lowpass(raw, lambda t: 600 + 5200 * math.sin(math.pi * min(1.0, t / length)) ** 2)
    airy = highpass(swept, 350)
    return finish(envelope(airy, 0.05, 0.07), 0.6)


def dice_clatter(rng: random.Random) -> Samples:
    """Dice on a wooden table: a handful of short knocks, bouncing quicker and quieter."""
    out = silence(0.05)
    t, gap, level = 0.0, 0.095, 1.0
    for _ in range(7):
        knock_len = 0.05
        tone_hz = rng.uniform(850, 1500)  # the wood's body resonance
        knock: Samples = []
        for i in range(int(RATE * knock_len)):
            tt = i / RATE
            body = math.sin(2 * math.pi * tone_hz * tt) * math.exp(-tt / 0.008)
            tick = rng.uniform(-1, 1) * math.exp(-tt / 0.0015)
            knock.append(0.7 * body + 0.5 * tick)
        mix_into(out, lowpass(knock, 5000), t, level)
        # A second die lands just after some of the knocks.
        if rng.random() < 0.5:
            mix_into(out, lowpass(knock, 3000), t + rng.uniform(0.012, 0.03), level * 0.6)
        t += gap * rng.uniform(0.7, 1.2)
        gap *= 0.8
        level *= 0.8
    return finish(out, 0.75)


def steal_chime(_: random.Random) -> Samples:
    """Two rising notes (G5 then C6), a bright little 'got it'."""
    out = silence(0.0)
    mix_into(out, bell(783.99, 0.5, 0.22), 0.0, 0.8)
    mix_into(out, bell(1046.5, 0.75, 0.3), 0.13, 1.0)
    return finish(out, 0.7)


def blast_boom(rng: random.Random) -> Samples:
    """A dull underground blast: a falling low thump under a rumble of dark noise."""
    length = 1.3
    out: Samples = []
    phase = 0.0
    for i in range(int(RATE * length)):
        t = i / RATE
        freq = 38 + 70 * math.exp(-t / 0.12)  # the pitch drops as the shock passes
        phase += 2 * math.pi * freq / RATE
        out.append(math.sin(phase) * math.exp(-t / 0.28) * min(1.0, t / 0.005))
    rumble = lowpass(lowpass(noise(rng, length), lambda t: 140 + 1400 * math.exp(-t / 0.07)), 500)
    rumble = envelope(rumble, 0.004, 0.35)
    top = max(abs(s) for s in rumble) or 1.0
    mixed = [a + 0.9 * b / top for a, b in zip(out, rumble)]
    # Gentle saturation gives weight without harsh clipping.
    return finish([math.tanh(1.6 * s) for s in mixed], 0.9, 0.004)


def click_tick(rng: random.Random) -> Samples:
    """A tiny, soft tick for buttons and settings."""
    out: Samples = []
    for i in range(int(RATE * 0.035)):
        t = i / RATE
        out.append(math.sin(2 * math.pi * 1900 * t) * math.exp(-t / 0.006)
                   + 0.25 * rng.uniform(-1, 1) * math.exp(-t / 0.001))
    return finish(out, 0.45, 0.002)


def win_fanfare(_: random.Random) -> Samples:
    """A short major arpeggio, C5 E5 G5 C6, the last note left to ring."""
    out = silence(0.0)
    notes = (523.25, 659.25, 783.99, 1046.5)
    for i, f in enumerate(notes):
        last = i == len(notes) - 1
        mix_into(out, bell(f, 0.9 if last else 0.45, 0.35 if last else 0.18, 0.3), i * 0.11,
                 1.0 if last else 0.75)
    # A soft fifth under the final note fills out the chord.
    mix_into(out, bell(783.99 / 2, 0.8, 0.3, 0.15), 3 * 0.11, 0.35)
    return finish(out, 0.7)


def dig_crunch(rng: random.Random) -> Samples:
    """A spade biting into earth: two gritty crunches of low, dark noise, the second softer, over
    a dull knock of the blade."""
    out = silence(0.0)
    for start, level in ((0.0, 1.0), (0.16, 0.6)):
        grit = lowpass(noise(rng, 0.16), lambda t: 2600 * math.exp(-t / 0.05) + 250)
        grit = envelope(grit, 0.006, 0.045)
        # Grains of soil: the noise comes in little bursts rather than as a smooth hiss.
        grains = [g * (1.0 if rng.random() < 0.35 else 0.25) for g in grit]
        mix_into(out, lowpass(grains, 1800), start, level)
        knock = [math.sin(2 * math.pi * 140 * (i / RATE)) * math.exp(-(i / RATE) / 0.03)
                 for i in range(int(RATE * 0.1))]
        mix_into(out, knock, start, 0.5 * level)
    return finish(out, 0.65)


def coin_ding(_: random.Random) -> Samples:
    """A coin on a stone: a bright, short metallic ring, two close high notes."""
    out = silence(0.0)
    mix_into(out, bell(1318.5, 0.45, 0.12, 0.5), 0.0, 0.8)
    mix_into(out, bell(1975.5, 0.6, 0.16, 0.4), 0.06, 1.0)
    return finish(out, 0.6)


def lose_phrase(_: random.Random) -> Samples:
    """A game lost: three soft notes falling a minor third and a step (G4 E4 C4), slower and
    duller than the win."""
    out = silence(0.0)
    for i, f in enumerate((392.0, 329.63, 261.63)):
        last = i == 2
        mix_into(out, bell(f, 0.9 if last else 0.4, 0.3 if last else 0.16, 0.15), i * 0.17,
                 0.9 if last else 0.7)
    return finish(lowpass(out, 2500), 0.6)


EFFECTS: dict[str, Callable[[random.Random], Samples]] = {
    "draw": card_swish,
    "dice": dice_clatter,
    "steal": steal_chime,
    "blast": blast_boom,
    "click": click_tick,
    "win": win_fanfare,
    # (Added later, after the others: each effect's seed is its place in this table.)
    "dig": dig_crunch,
    "coin": coin_ding,
    "lose": lose_phrase,
}


def write_wav(path: Path, samples: Samples) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(s * 32767))))) for s in samples)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parent
    folder.mkdir(parents=True, exist_ok=True)
    for seed, (name, make) in enumerate(EFFECTS.items()):
        # One fixed seed per effect, so changing one effect never changes the others.
        samples = make(random.Random(1000 + seed))
        write_wav(folder / f"{name}.wav", samples)
        print(f"{name}.wav  {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
