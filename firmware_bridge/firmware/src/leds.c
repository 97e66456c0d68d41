/* The LED strip's frame buffer, the show request, and the fault pattern.
 *
 * Writing the strip needs interrupts off for 30 us per LED. Done during a servo pulse, that
 * would stretch the pulse and twitch the servo, so the write waits for the quiet part of the
 * 20 ms servo frame, after the last pulse, when it fits before the next frame starts.
 */
#include <avr/interrupt.h>
#include <string.h>

#include "config.h"
#include "leds.h"
#include "servo.h"
#include "ws2812.h"

static uint8_t grb[MAX_LEDS * 3]; /* in the strip's own byte order */
static uint16_t count = 0;
static uint8_t show_pending;
static uint16_t blank_to; /* after a shrink: the old count, so the dropped LEDs go dark */

void leds_init(void)
{
    ws2812_init();
}

uint16_t leds_count(void)
{
    return count;
}

uint8_t leds_set_count(uint16_t n)
{
    if (n > MAX_LEDS)
        return 1;
    if (n < count) {
        /* Blank the dropped LEDs once, or they would keep their last colour for good. */
        memset(grb + 3 * n, 0, 3 * (count - n));
        if (count > blank_to)
            blank_to = count;
        leds_request_show();
    }
    count = n;
    return 0;
}

static void put(uint16_t i, uint8_t r, uint8_t g, uint8_t b)
{
    grb[3 * i] = g;
    grb[3 * i + 1] = r;
    grb[3 * i + 2] = b;
}

uint8_t leds_set(uint16_t start, const uint8_t *rgb, uint16_t n)
{
    if (start > count || n > count - start)
        return 1;
    for (uint16_t i = 0; i < n; i++, rgb += 3)
        put(start + i, rgb[0], rgb[1], rgb[2]);
    return 0;
}

uint8_t leds_fill(uint16_t start, uint16_t n, uint8_t r, uint8_t g, uint8_t b)
{
    if (start > count || n > count - start)
        return 1;
    for (uint16_t i = 0; i < n; i++)
        put(start + i, r, g, b);
    return 0;
}

void leds_fault_pattern(void)
{
    for (uint16_t i = 0; i < count; i++)
        put(i, (i & 1) ? 0 : 64, 0, 0);
    leds_request_show();
}

void leds_request_show(void)
{
    show_pending = 1;
}

uint8_t leds_show_pending(void)
{
    return show_pending;
}

uint8_t leds_service(void)
{
    if (!show_pending)
        return 0;
    uint16_t n = count > blank_to ? count : blank_to;
    if (!servo_quiet_for(WS2812_FRAME_TICKS(n)))
        return 0;
    cli();
    ws2812_send(grb, 3 * n);
    sei();
    show_pending = 0;
    blank_to = 0;
    return 1;
}
