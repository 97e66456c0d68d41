/* The serial link: interrupt-driven UART buffers, COBS framing and the CRC. */
#ifndef LINK_H
#define LINK_H

#include <stdint.h>

#include "protocol.h"

typedef struct {
    uint8_t version;
    uint8_t type;
    uint8_t seq;
    uint8_t length;
    const uint8_t *payload;
} frame_t;

void link_init(void);
/* True when received bytes wait to be framed (the main loop must not sleep then). */
uint8_t link_rx_pending(void);
/* Consumes received bytes; returns 1 with `frame` filled when a whole valid frame arrived.
 * The payload stays valid until the next call. Garbled frames are dropped and counted. */
uint8_t link_poll(frame_t *frame);
/* Sends one frame (blocks only while the transmit buffer is full). */
void link_send(uint8_t type, uint8_t seq, const uint8_t *payload, uint8_t length);
/* Sends a lone delimiter, which ends whatever partial frame the host may hold. */
void link_send_delimiter(void);

uint16_t link_garbled_frames(void);
uint16_t link_rx_overflows(void);

#endif
