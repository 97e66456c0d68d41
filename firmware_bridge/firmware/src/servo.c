/* Servo pulses from the Timer1 compare-A interrupt, one servo after another, every 20 ms.
 *
 * Like the Arduino Servo library, one compare interrupt walks through the servos: each match
 * ends the current pulse, starts the next, and moves OCR1A on by that pulse's width. After the
 * last servo, the match waits out the rest of the 20 ms frame. OCR1A is advanced from its own
 * previous value (never re-read from TCNT1), so interrupt latency shifts both edges of a pulse
 * equally and the widths stay exact to the timer tick. Hardware fast PWM on OC1A would be
 * simpler, but simavr 1.6 never applies OCR1A changes made after that mode starts.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "config.h"
#include "servo.h"

#define SERVO_MASK (_BV(SERVO_PAN_BIT) | _BV(SERVO_TILT_BIT) | _BV(SERVO_TRIGGER_BIT))

static const uint8_t servo_bits[SERVO_COUNT] = {
    _BV(SERVO_PAN_BIT), _BV(SERVO_TILT_BIT), _BV(SERVO_TRIGGER_BIT)};

static volatile uint16_t width_ticks[SERVO_COUNT];
static volatile uint8_t channel = SERVO_COUNT; /* SERVO_COUNT: in the gap after the pulses */
static volatile uint16_t frame_ticks_used;
static volatile uint8_t frame_flag;
static volatile uint8_t in_gap;

static uint16_t angle_to_ticks(uint16_t centidegrees)
{
    if (centidegrees > ANGLE_MAX)
        centidegrees = ANGLE_MAX;
    uint32_t span_ticks = 2UL * (PULSE_MAX_US - PULSE_MIN_US);
    return 2U * PULSE_MIN_US + (uint16_t)((centidegrees * span_ticks + ANGLE_MAX / 2) / ANGLE_MAX);
}

void servo_init(void)
{
    for (uint8_t i = 0; i < SERVO_COUNT; i++)
        width_ticks[i] = angle_to_ticks(ANGLE_MAX / 2);
    SERVO_PORT &= ~SERVO_MASK;
    SERVO_DDR |= SERVO_MASK;
    /* clock.c has started Timer1 free-running; the first frame begins one ms from now. */
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        OCR1A = TCNT1 + TICKS_PER_MS;
        TIFR1 = _BV(OCF1A);
        TIMSK1 |= _BV(OCIE1A);
    }
}

void servo_set_angle(uint8_t servo, uint16_t centidegrees)
{
    uint16_t ticks = angle_to_ticks(centidegrees);
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        width_ticks[servo] = ticks;
    }
}

uint8_t servo_frame_started(void)
{
    uint8_t started;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        started = frame_flag;
        frame_flag = 0;
    }
    return started;
}

uint8_t servo_quiet_for(uint16_t ticks)
{
    uint8_t quiet;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        quiet = in_gap && (uint16_t)(OCR1A - TCNT1) > ticks;
    }
    return quiet;
}

ISR(TIMER1_COMPA_vect)
{
    uint8_t next = channel + 1;
    if (next > SERVO_COUNT)
        next = 0;
    uint8_t high = next < SERVO_COUNT ? servo_bits[next] : 0;
    SERVO_PORT = (SERVO_PORT & ~SERVO_MASK) | high;

    uint16_t width;
    if (next < SERVO_COUNT) {
        width = width_ticks[next];
        if (next == 0) {
            frame_ticks_used = 0;
            in_gap = 0;
            frame_flag = 1;
        }
        frame_ticks_used += width;
    } else {
        width = FRAME_TICKS - frame_ticks_used;
        in_gap = 1;
    }
    OCR1A += width;
    channel = next;
}
