/* The command side of the protocol: HELLO, acks and NAKs, duplicates, and the failsafe. */
#ifndef COMMANDS_H
#define COMMANDS_H

#include <stdint.h>

#include "link.h"

void commands_init(uint8_t reset_cause, uint32_t board_id, uint32_t now);
/* Announces the board; `boot` tells the host this is a fresh start, not an answer. */
void commands_hello(uint8_t seq, uint8_t boot);
void commands_handle(const frame_t *frame, uint32_t now);
/* Timers: the failsafe, the end of a shot, the arming window. */
void commands_tick(uint32_t now);
/* A LED_SET with the show flag is ACKed only once the LEDs are written; until then the
 * next frames wait in the receive buffer. */
uint8_t commands_waiting_for_show(void);
void commands_shown(void);

#endif
