/* Time since boot, from Timer1's free-running 0.5 us count, and a 1 kHz wake-up tick.
 *
 * Milliseconds come from Timer1 rather than a Timer0 tick count because the WS2812 output
 * runs with interrupts off for several milliseconds: a tick counter would lose those, while
 * Timer1 keeps counting and its overflow (every 32.768 ms) is only delayed.
 * Timer1 runs in normal mode; servo.c moves OCR1A along it and never writes TCNT1.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "clock.h"
#include "config.h"

/* 65536 ticks = 32 ms + 1536 ticks. */
#define OVERFLOW_MS 32U
#define OVERFLOW_REMAINDER 1536U

static volatile uint32_t base_ms;
static volatile uint16_t base_ticks; /* below TICKS_PER_MS */

void clock_init(void)
{
    TCCR1A = 0;
    TCCR1B = _BV(CS11); /* normal mode, clk/8 */
    TIMSK1 |= _BV(TOIE1);

    /* Timer0 only wakes the main loop every millisecond, so commands and the failsafe are
     * handled promptly however long the CPU would otherwise sleep. */
    TCCR0A = _BV(WGM01);
    OCR0A = 249;
    TCCR0B = _BV(CS01) | _BV(CS00); /* CTC, clk/64: 16 MHz / 64 / 250 = 1 kHz */
    TIMSK0 |= _BV(OCIE0A);
}

EMPTY_INTERRUPT(TIMER0_COMPA_vect);

static void add_overflow(uint32_t *ms, uint16_t *ticks)
{
    *ms += OVERFLOW_MS;
    *ticks += OVERFLOW_REMAINDER;
    if (*ticks >= TICKS_PER_MS) {
        *ticks -= TICKS_PER_MS;
        *ms += 1;
    }
}

ISR(TIMER1_OVF_vect)
{
    uint32_t ms = base_ms;
    uint16_t ticks = base_ticks;
    add_overflow(&ms, &ticks);
    base_ms = ms;
    base_ticks = ticks;
}

uint32_t clock_ms(void)
{
    uint32_t ms;
    uint16_t ticks, count;
    uint8_t pending;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        ms = base_ms;
        ticks = base_ticks;
        count = TCNT1;
        /* An overflow that happened while interrupts were off has not reached base_ms. */
        pending = (TIFR1 & _BV(TOV1)) && count < 0x8000;
    }
    if (pending)
        add_overflow(&ms, &ticks);
    return ms + ((uint32_t)ticks + count) / TICKS_PER_MS;
}
