/* The LED strip's frame buffer, the show request, and the fault pattern. */
#ifndef LEDS_H
#define LEDS_H

#include <stdint.h>

void leds_init(void);
uint16_t leds_count(void);
/* 0 if accepted; `count` above MAX_LEDS is refused. Shrinking blanks the LEDs dropped. */
uint8_t leds_set_count(uint16_t count);
/* Copies `n` RGB triples from `rgb` starting at LED `start`; 0 if they fit. */
uint8_t leds_set(uint16_t start, const uint8_t *rgb, uint16_t n);
uint8_t leds_fill(uint16_t start, uint16_t n, uint8_t r, uint8_t g, uint8_t b);
/* Every other LED red: the host is gone and the cannon has been made safe. */
void leds_fault_pattern(void);
void leds_request_show(void);
/* Writes the strip if a show is pending and the servos leave room; 1 when it was written. */
uint8_t leds_service(void);
uint8_t leds_show_pending(void);

#endif
