/* The serial link: interrupt-driven UART buffers, COBS framing and the CRC.
 *
 * Received bytes go from the RX interrupt into a ring; link_poll() gathers them up to each
 * 0x00 delimiter, decodes the COBS block in place and checks the length and the CRC. Anything
 * wrong drops just that frame: the next delimiter starts a fresh one, which is all the
 * re-synchronisation COBS needs.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>
#include <util/crc16.h>

#include "config.h"
#include "link.h"

#define RX_SIZE 128 /* powers of two, so the indices wrap with a mask */
#define TX_SIZE 128
#define RAW_MAX (FRAME_HEADER + FRAME_MAX_PAYLOAD + FRAME_CRC)
#define ENCODED_MAX (RAW_MAX + 2) /* COBS adds one byte per 254, plus one */
#define TX_PAYLOAD_MAX 32         /* the longest reply is STATUS, 25 bytes */

static volatile uint8_t rx_ring[RX_SIZE];
static volatile uint8_t rx_head, rx_tail;
static volatile uint16_t rx_overflows;

static volatile uint8_t tx_ring[TX_SIZE];
static volatile uint8_t tx_head, tx_tail;

static uint8_t frame_buf[ENCODED_MAX];
static uint16_t frame_len;
static uint8_t frame_overlong;
static uint16_t garbled;

void link_init(void)
{
    UCSR0A = _BV(U2X0);
    UBRR0 = (uint16_t)(F_CPU / 8 / UART_BAUD - 1);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8N1 */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

ISR(USART_RX_vect)
{
    uint8_t byte = UDR0;
    uint8_t next = (rx_head + 1) & (RX_SIZE - 1);
    if (next == rx_tail) {
        /* The lost byte breaks its frame's CRC, so the frame is dropped and counted later. */
        rx_overflows++;
        return;
    }
    rx_ring[rx_head] = byte;
    rx_head = next;
}

ISR(USART_UDRE_vect)
{
    if (tx_head == tx_tail) {
        UCSR0B &= ~_BV(UDRIE0);
        return;
    }
    UDR0 = tx_ring[tx_tail];
    tx_tail = (tx_tail + 1) & (TX_SIZE - 1);
}

static uint16_t crc16(const uint8_t *data, uint16_t length)
{
    uint16_t crc = 0xFFFF; /* with the XMODEM polynomial: CRC-16/CCITT-FALSE */
    while (length--)
        crc = _crc_xmodem_update(crc, *data++);
    return crc;
}

/* COBS decode in place (the output never overtakes the input); 0 if the block is broken. */
static uint16_t cobs_decode(uint8_t *buf, uint16_t length)
{
    uint16_t in = 0, out = 0;
    while (in < length) {
        uint8_t code = buf[in++];
        if (in + code - 1 > length)
            return 0;
        for (uint8_t i = 1; i < code; i++)
            buf[out++] = buf[in++];
        if (code != 0xFF && in < length)
            buf[out++] = 0;
    }
    return out;
}

static uint8_t cobs_encode(const uint8_t *in, uint8_t length, uint8_t *out)
{
    uint8_t code_at = 0, code = 1, written = 1;
    for (uint8_t i = 0; i < length; i++) {
        if (in[i] == 0) {
            out[code_at] = code;
            code_at = written++;
            code = 1;
            continue;
        }
        out[written++] = in[i];
        if (++code == 0xFF) {
            out[code_at] = code;
            code_at = written++;
            code = 1;
        }
    }
    out[code_at] = code;
    return written;
}

static uint8_t parse(uint16_t encoded_length, frame_t *frame)
{
    uint16_t n = cobs_decode(frame_buf, encoded_length);
    if (n < FRAME_HEADER + FRAME_CRC || frame_buf[3] != n - FRAME_HEADER - FRAME_CRC)
        return 0;
    uint16_t sent = frame_buf[n - 2] | (uint16_t)frame_buf[n - 1] << 8;
    if (crc16(frame_buf, n - FRAME_CRC) != sent)
        return 0;
    frame->version = frame_buf[0];
    frame->type = frame_buf[1];
    frame->seq = frame_buf[2];
    frame->length = frame_buf[3];
    frame->payload = frame_buf + FRAME_HEADER;
    return 1;
}

uint8_t link_rx_pending(void)
{
    return rx_head != rx_tail;
}

uint8_t link_poll(frame_t *frame)
{
    /* simavr's UART raises XON (more input welcome) only when the firmware reads UCSR0A;
     * the interrupt-driven receiver never does, so read it here. Harmless on hardware. */
    (void)UCSR0A;
    while (rx_tail != rx_head) {
        uint8_t byte = rx_ring[rx_tail];
        rx_tail = (rx_tail + 1) & (RX_SIZE - 1);
        if (byte != 0) {
            if (frame_len < sizeof frame_buf)
                frame_buf[frame_len++] = byte;
            else
                frame_overlong = 1;
            continue;
        }
        uint16_t length = frame_len;
        uint8_t overlong = frame_overlong;
        frame_len = 0;
        frame_overlong = 0;
        if (length == 0)
            continue; /* back-to-back delimiters are idle line, not damage */
        if (overlong || !parse(length, frame)) {
            garbled++;
            continue;
        }
        return 1;
    }
    return 0;
}

static void tx_start(void);

static void tx_put(uint8_t byte)
{
    uint8_t next = (tx_head + 1) & (TX_SIZE - 1);
    while (next == tx_tail)
        tx_start(); /* full: the UDRE interrupt drains it (we never send with interrupts off) */
    tx_ring[tx_head] = byte;
    tx_head = next;
}

static void tx_start(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        UCSR0B |= _BV(UDRIE0);
    }
}

void link_send(uint8_t type, uint8_t seq, const uint8_t *payload, uint8_t length)
{
    uint8_t raw[FRAME_HEADER + TX_PAYLOAD_MAX + FRAME_CRC];
    uint8_t encoded[sizeof raw + 2];
    if (length > TX_PAYLOAD_MAX)
        length = TX_PAYLOAD_MAX;
    raw[0] = PROTOCOL_MAJOR << 4 | PROTOCOL_MINOR;
    raw[1] = type;
    raw[2] = seq;
    raw[3] = length;
    for (uint8_t i = 0; i < length; i++)
        raw[FRAME_HEADER + i] = payload[i];
    uint16_t crc = crc16(raw, FRAME_HEADER + length);
    raw[FRAME_HEADER + length] = crc & 0xFF;
    raw[FRAME_HEADER + length + 1] = crc >> 8;
    uint8_t n = cobs_encode(raw, FRAME_HEADER + length + FRAME_CRC, encoded);
    for (uint8_t i = 0; i < n; i++)
        tx_put(encoded[i]);
    tx_put(0);
    tx_start();
}

void link_send_delimiter(void)
{
    tx_put(0);
    tx_start();
}

uint16_t link_garbled_frames(void)
{
    return garbled;
}

uint16_t link_rx_overflows(void)
{
    uint16_t count;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        count = rx_overflows;
    }
    return count;
}
