/* The command side of the protocol: HELLO, acks and NAKs, duplicates, and the failsafe.
 *
 * The host retries a command with the same sequence number when an ACK is lost, so the last
 * reply is kept and a repeat of the last command gets that reply again without being run
 * twice. Any valid frame counts as the host being alive; FAILSAFE_MS of silence makes the
 * cannon safe until the host speaks again.
 */
#include <string.h>

#include "cannon.h"
#include "commands.h"
#include "config.h"
#include "leds.h"
#include "link.h"
#include "protocol.h"

#define REPLY_MAX 32

static uint8_t reset_cause;
static uint32_t board_id;

static uint8_t have_last, last_seq, last_type;
static uint8_t reply_type, reply_length;
static uint8_t reply[REPLY_MAX];

static uint8_t host_seen, failsafe;
static uint32_t last_heard;
static uint16_t failsafes;
static uint8_t event_seq;

static uint8_t show_ack_due, show_ack_seq;

static uint16_t u16(const uint8_t *p)
{
    return p[0] | (uint16_t)p[1] << 8;
}

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = v & 0xFF;
    p[1] = v >> 8;
}

void commands_init(uint8_t cause, uint32_t id, uint32_t now)
{
    reset_cause = cause;
    board_id = id;
    last_heard = now;
}

void commands_hello(uint8_t seq, uint8_t boot)
{
    uint8_t p[HELLO_PAYLOAD];
    p[0] = PROTOCOL_MAJOR;
    p[1] = PROTOCOL_MINOR;
    p[2] = FIRMWARE_MAJOR;
    p[3] = FIRMWARE_MINOR;
    p[4] = FIRMWARE_PATCH;
    put16(p + 5, board_id & 0xFFFF);
    put16(p + 7, board_id >> 16);
    p[9] = CAP_PAN_TILT | CAP_TRIGGER | CAP_WS2812 | CAP_WATCHDOG;
    put16(p + 10, MAX_LEDS);
    p[12] = reset_cause;
    p[13] = boot;
    link_send(MSG_HELLO, seq, p, sizeof p);
}

/* Sends a reply and remembers it for a repeated command. */
static void answer(uint8_t type, uint8_t seq, const uint8_t *payload, uint8_t length)
{
    reply_type = type;
    reply_length = length;
    memcpy(reply, payload, length);
    have_last = 1;
    last_seq = seq;
    link_send(type, seq, payload, length);
}

static void ack(uint8_t seq)
{
    answer(MSG_ACK, seq, 0, 0);
}

static void nak(uint8_t seq, uint8_t code, uint8_t detail)
{
    uint8_t p[2] = {code, detail};
    answer(MSG_NAK, seq, p, 2);
}

static void status(uint8_t seq, uint32_t now)
{
    cannon_state_t s;
    cannon_state(now, &s);
    uint8_t p[STATUS_PAYLOAD];
    p[0] = (s.armed ? STATUS_ARMED : 0) | (failsafe ? STATUS_FAILSAFE : 0) |
           (s.on_target ? STATUS_ON_TARGET : 0) | (s.firing ? STATUS_FIRING : 0) |
           (host_seen ? STATUS_HOST_SEEN : 0);
    put16(p + 1, s.pan);
    put16(p + 3, s.tilt);
    put16(p + 5, s.pan_target);
    put16(p + 7, s.tilt_target);
    put16(p + 9, s.trigger);
    put16(p + 11, s.arm_left_ms);
    put16(p + 13, link_garbled_frames());
    put16(p + 15, link_rx_overflows());
    put16(p + 17, failsafes);
    put16(p + 19, now & 0xFFFF);
    put16(p + 21, now >> 16);
    put16(p + 23, leds_count());
    answer(MSG_ACK, seq, p, sizeof p);
}

static void configure(const frame_t *f)
{
    const uint8_t *p = f->payload;
    if (u16(p + 16) > MAX_LEDS) {
        nak(f->seq, NAK_OUT_OF_RANGE, 8);
        return;
    }
    cannon_config_t c = {
        .pan_min = u16(p), .pan_max = u16(p + 2),
        .tilt_min = u16(p + 4), .tilt_max = u16(p + 6),
        .slew = u16(p + 8),
        .trigger_safe = u16(p + 10), .trigger_fire = u16(p + 12),
        .arm_window_ms = u16(p + 14),
    };
    uint8_t bad = cannon_configure(&c);
    if (bad) {
        nak(f->seq, NAK_OUT_OF_RANGE, bad - 1);
        return;
    }
    leds_set_count(u16(p + 16));
    ack(f->seq);
}

static uint8_t expected_length(uint8_t type, uint8_t length)
{
    switch (type) {
    case MSG_CONFIG:
        return length == CONFIG_PAYLOAD;
    case MSG_AIM:
        return length == 4;
    case MSG_LED_SET:
        return length >= 3 && (length - 3) % 3 == 0;
    case MSG_LED_FILL:
        return length == 8;
    default:
        return length == 0;
    }
}

static void leds_done(const frame_t *f, uint8_t refused)
{
    if (refused) {
        nak(f->seq, NAK_OUT_OF_RANGE, 0);
    } else if (f->payload[0] & LED_FLAG_SHOW) {
        leds_request_show();
        show_ack_due = 1;
        show_ack_seq = f->seq;
    } else {
        ack(f->seq);
    }
}

static void run(const frame_t *f, uint32_t now)
{
    uint8_t code, detail = 0;
    const uint8_t *p = f->payload;
    switch (f->type) {
    case MSG_HEARTBEAT:
        ack(f->seq);
        break;
    case MSG_CONFIG:
        configure(f);
        break;
    case MSG_AIM:
        code = cannon_aim(u16(p), u16(p + 2), &detail);
        code ? nak(f->seq, code, detail) : ack(f->seq);
        break;
    case MSG_ARM:
        cannon_arm(now);
        ack(f->seq);
        break;
    case MSG_DISARM:
        cannon_disarm();
        ack(f->seq);
        break;
    case MSG_FIRE:
        code = cannon_fire(now, &detail);
        code ? nak(f->seq, code, detail) : ack(f->seq);
        break;
    case MSG_LED_SET:
        leds_done(f, leds_set(u16(p + 1), p + 3, (f->length - 3) / 3));
        break;
    case MSG_LED_FILL:
        leds_done(f, leds_fill(u16(p + 1), u16(p + 3), p[5], p[6], p[7]));
        break;
    case MSG_STATUS_REQ:
        status(f->seq, now);
        break;
    }
}

void commands_handle(const frame_t *f, uint32_t now)
{
    if (f->version >> 4 != PROTOCOL_MAJOR) {
        /* Not counted as hearing the host: it speaks another protocol. */
        uint8_t p[2] = {NAK_VERSION, PROTOCOL_MAJOR << 4 | PROTOCOL_MINOR};
        link_send(MSG_NAK, f->seq, p, 2);
        return;
    }
    host_seen = 1;
    last_heard = now;
    failsafe = 0; /* the LEDs keep the fault pattern until the host sends its own again */

    if (f->type == MSG_HELLO_REQ && f->length == 0) {
        /* A new session: forget the last reply, so a restarted host's first sequence
         * number is never mistaken for a repeat, and drop any arming. */
        have_last = 0;
        cannon_disarm();
        commands_hello(f->seq, 0);
        return;
    }
    if (have_last && f->seq == last_seq && f->type == last_type) {
        link_send(reply_type, f->seq, reply, reply_length);
        return;
    }
    last_type = f->type;
    if (f->type < MSG_HEARTBEAT || f->type > MSG_STATUS_REQ)
        nak(f->seq, NAK_UNKNOWN_TYPE, f->type);
    else if (!expected_length(f->type, f->length))
        nak(f->seq, NAK_BAD_LENGTH, f->length);
    else
        run(f, now);
}

static void event(uint8_t code, uint16_t value)
{
    uint8_t p[3] = {code, value & 0xFF, value >> 8};
    link_send(MSG_EVENT, event_seq++, p, sizeof p);
}

void commands_tick(uint32_t now)
{
    if (host_seen && !failsafe && now - last_heard >= FAILSAFE_MS) {
        failsafe = 1;
        failsafes++;
        cannon_make_safe();
        leds_fault_pattern();
        event(EVENT_FAILSAFE, (uint16_t)(now - last_heard));
    }
    uint8_t happened = cannon_tick(now);
    if (happened)
        event(happened, 0);
}

uint8_t commands_waiting_for_show(void)
{
    return show_ack_due;
}

void commands_shown(void)
{
    if (show_ack_due) {
        show_ack_due = 0;
        ack(show_ack_seq);
    }
}
