/* WS2812 output by timed bit-banging on one pin at 16 MHz. */
#ifndef WS2812_H
#define WS2812_H

#include <stdint.h>

void ws2812_init(void);
/* Sends `count` bytes (G, R, B per LED). Call with interrupts off; takes 30 us per LED. */
void ws2812_send(const uint8_t *bytes, uint16_t count);

/* Duration of a frame of `leds` LEDs plus the 50 us latch, in 0.5 us timer ticks. */
#define WS2812_FRAME_TICKS(leds) ((uint16_t)(leds) * 60U + 200U)

#endif
