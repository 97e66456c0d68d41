/* Time since boot, from Timer1's free-running 0.5 us count, and a 1 kHz wake-up tick. */
#ifndef CLOCK_H
#define CLOCK_H

#include <stdint.h>

void clock_init(void);
uint32_t clock_ms(void);

#endif
