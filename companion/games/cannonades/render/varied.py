"""The "varied" family of card looks, for tuning only: each view's seed draws its own deck, so no two views
share one. The old styles are one renderer's idea of a deck each; a table's deck may be anything, so this
family draws the back's design from a small generator (a colour pair, a lattice, stripes, dots or a
picture-like blot, a border of any width or none, full bleed dark or light), the face's paper tint and
ink, the printer's scale of the whole kit, how round the corners are, and a sleeve's gloss on some cards.
It never copies the held-out "harbour" look (a dark green back with a thin gold frame and a wheel) and
the report's seeds never reach it (scene.random_scene only makes it when asked for by name)."""

from __future__ import annotations

import colorsys
import random
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonades.kit import cards

Colour = tuple[int, int, int]   # BGR, sRGB
PATTERNS = ("lattice", "stripes", "dots", "blot")


@dataclass(frozen=True)
class VariedSettings:
    """The ranges the family draws from. A printer's scale is the same for the whole deck (one print run)."""
    printer_scale: tuple[float, float] = (0.96, 1.03)
    corner_mm: tuple[float, float] = (0.0, 4.0)         # a corner's radius; the markers sit 3 mm in
    border_mm: tuple[float, float] = (1.0, 7.0)         # a back's border, when it has one
    no_border_share: float = 0.4
    dark_back_share: float = 0.5                        # full bleed dark (else light)
    pitch_mm: tuple[float, float] = (3.0, 11.0)         # the pattern's repeat
    stroke_mm: tuple[float, float] = (0.4, 2.0)
    gloss_card_share: tuple[float, float] = (0.0, 0.6)  # of a deck's cards in a glossy sleeve
    gloss_strength: tuple[float, float] = (0.15, 0.5)   # how far the band goes to white at its middle
    gloss_width_mm: tuple[float, float] = (6.0, 22.0)
    held_out_hue: float = 0.407                         # the held-out harbour back's dark green (BGR 45, 70, 25)
    held_out_hue_gap: float = 0.07                      # a dark back's hue stays this far from it: never copied


SETTINGS = VariedSettings()


@dataclass(frozen=True)
class VariedLook:
    """One deck of the family (hashable: its pictures are made once)."""
    seed: int
    back_ground: Colour
    back_ink: Colour
    pattern: str
    pitch_mm: float
    stroke_mm: float
    pattern_angle_deg: float
    border_mm: float            # 0: full bleed
    border_colour: Colour
    paper: Colour
    ink: Colour
    printer_scale: float
    corner_mm: float
    gloss_card_share: float


def _colour(hue: float, saturation: float, value: float) -> Colour:
    red, green, blue = colorsys.hsv_to_rgb(hue % 1.0, saturation, value)
    return int(round(blue * 255)), int(round(green * 255)), int(round(red * 255))


def varied_look(seed: int, settings: VariedSettings = SETTINGS) -> VariedLook:
    """The deck of view `seed`: drawn from its own stream, so the rest of the scene is the seed's as ever."""
    rng = random.Random(f"cannonades varied look {seed}")
    hue = rng.random()
    dark = rng.random() < settings.dark_back_share
    if dark and abs(hue - settings.held_out_hue) < settings.held_out_hue_gap:
        hue += 3 * settings.held_out_hue_gap
    ground_value = rng.uniform(0.1, 0.4) if dark else rng.uniform(0.72, 0.96)
    ink_value = min(1.0, ground_value + rng.uniform(0.25, 0.6)) if dark else max(0.05, ground_value - rng.uniform(0.25, 0.6))
    ground = _colour(hue, rng.uniform(0.15, 0.9), ground_value)
    ink_hue = hue + rng.choice((0.0, 0.08, 0.5, -0.08, 0.33))
    pattern_ink = _colour(ink_hue, rng.uniform(0.1, 0.8), ink_value)
    bordered = rng.random() >= settings.no_border_share
    border = rng.uniform(*settings.border_mm) if bordered else 0.0
    border_colour = _colour(rng.random(), rng.uniform(0.0, 0.25), rng.uniform(0.8, 0.97)) if rng.random() < 0.7 \
        else _colour(rng.random(), rng.uniform(0.2, 0.8), rng.uniform(0.1, 0.35))
    paper = _colour(rng.random(), rng.uniform(0.0, 0.18), rng.uniform(0.8, 0.97))
    ink = _colour(rng.random(), rng.uniform(0.0, 0.7), rng.uniform(0.03, 0.3))
    return VariedLook(seed, ground, pattern_ink, rng.choice(PATTERNS), rng.uniform(*settings.pitch_mm),
                      rng.uniform(*settings.stroke_mm), rng.uniform(0, 180), border, border_colour, paper, ink,
                      rng.uniform(*settings.printer_scale), rng.uniform(*settings.corner_mm),
                      rng.uniform(*settings.gloss_card_share))


@lru_cache(maxsize=16)
def back(look: VariedLook, px_per_mm: float) -> np.ndarray:
    """The deck's back, uint8 BGR at `px_per_mm` (the card's true size: the printer's scale is in the placing)."""
    width, height = (int(round(mm * px_per_mm)) for mm in cards.CARD_MM)
    p = px_per_mm
    image = np.empty((height, width, 3), np.uint8)
    image[:] = look.back_ground
    stroke = max(1, int(round(look.stroke_mm * p)))
    pitch = max(2, int(round(look.pitch_mm * p)))
    if look.pattern == "blot":      # a picture-like smooth field of three colours
        noise = np.random.default_rng([look.seed, 7]).random((5, 4, 3)).astype(np.float32)
        field = cv2.resize(noise, (width, height), interpolation=cv2.INTER_CUBIC)
        mix = np.clip(field[:, :, :1], 0, 1)
        third = np.array(look.back_ink, np.float32)[::-1]
        image[:] = np.clip(np.float32(look.back_ground) * (1 - mix) + np.float32(look.back_ink) * mix
                           + (field[:, :, 1:2] - 0.5) * 0.4 * (third - np.float32(look.back_ground)), 0, 255).astype(np.uint8)
    else:
        lines = np.zeros((3 * height, 3 * width), np.uint8)     # drawn big and turned, then cut to the card
        if look.pattern == "dots":
            for y in range(0, lines.shape[0], pitch):
                for x in range(0, lines.shape[1], pitch):
                    cv2.circle(lines, (x, y), max(1, stroke), 255, -1)
        else:
            for k in range(0, lines.shape[1], pitch):
                cv2.line(lines, (k, 0), (k, lines.shape[0]), 255, stroke)
            if look.pattern == "lattice":
                for k in range(0, lines.shape[0], pitch):
                    cv2.line(lines, (0, k), (lines.shape[1], k), 255, stroke)
        turn = cv2.getRotationMatrix2D((1.5 * width, 1.5 * height), look.pattern_angle_deg, 1.0)
        lines = cv2.warpAffine(lines, turn, (lines.shape[1], lines.shape[0]))[height:2 * height, width:2 * width]
        share = (lines.astype(np.float32) / 255)[:, :, None]
        image[:] = np.clip(np.float32(look.back_ground) * (1 - share) + np.float32(look.back_ink) * share, 0, 255).astype(np.uint8)
    if look.border_mm > 0:
        edge = int(round(look.border_mm * p))
        image[:edge] = image[-edge:] = look.border_colour
        image[:, :edge] = image[:, -edge:] = look.border_colour
    return image


def glossed(picture: np.ndarray, rng: np.random.Generator, look: VariedLook, px_per_mm: float,
            settings: VariedSettings = SETTINGS) -> np.ndarray:
    """A card in a glossy sleeve catches the light as a soft band toward white, across it at any angle;
    the deck's share of glossy cards is the look's, which cards are the view's."""
    if rng.random() >= look.gloss_card_share:
        return picture
    height, width = picture.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    across = (xs - width * rng.uniform(0.1, 0.9)) * np.cos(angle) + (ys - height * rng.uniform(0.1, 0.9)) * np.sin(angle)
    band = np.exp(-0.5 * (across / (0.5 * rng.uniform(*settings.gloss_width_mm) * px_per_mm)) ** 2)
    strength = rng.uniform(*settings.gloss_strength)
    lit = picture.astype(np.float32) + (strength * band)[:, :, None] * (255 - picture.astype(np.float32))
    return np.clip(lit, 0, 255).astype(np.uint8)


def rounded_mask(width: int, height: int, corner_px: float) -> np.ndarray:
    """The card's shape (uint8 0/255) with its corners rounded to `corner_px`."""
    mask = np.full((height, width), 255, np.uint8)
    radius = int(round(corner_px))
    if radius < 1:
        return mask
    mask[:radius, :radius] = mask[:radius, -radius:] = mask[-radius:, :radius] = mask[-radius:, -radius:] = 0
    for x, y in ((radius, radius), (width - 1 - radius, radius), (radius, height - 1 - radius),
                 (width - 1 - radius, height - 1 - radius)):
        cv2.circle(mask, (x, y), radius, 255, -1, cv2.LINE_AA)
    return mask
