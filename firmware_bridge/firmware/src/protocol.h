/* Wire protocol shared with the host: frame layout, message types, error and event codes.
 *
 * firmware_bridge/protocol.py mirrors every #define here; tests/bridge/test_bridge_protocol.py
 * reads this file and fails if the two ever disagree.
 *
 * A frame before COBS: version, type, seq, length, payload[length], crc16 (little-endian),
 * where version = major << 4 | minor and the CRC is CRC-16/CCITT-FALSE over everything
 * before it. Each COBS-encoded frame ends with a 0x00 delimiter.
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#define PROTOCOL_MAJOR 1
#define PROTOCOL_MINOR 0

#define FIRMWARE_MAJOR 1
#define FIRMWARE_MINOR 0
#define FIRMWARE_PATCH 0

#define FRAME_HEADER 4
#define FRAME_CRC 2
#define FRAME_MAX_PAYLOAD 255

/* Host to board. */
#define MSG_HELLO_REQ 0x01
#define MSG_HEARTBEAT 0x02
#define MSG_CONFIG 0x03
#define MSG_AIM 0x04
#define MSG_ARM 0x05
#define MSG_DISARM 0x06
#define MSG_FIRE 0x07
#define MSG_LED_SET 0x08
#define MSG_LED_FILL 0x09
#define MSG_STATUS_REQ 0x0A

/* Board to host. */
#define MSG_HELLO 0x80
#define MSG_ACK 0x81
#define MSG_NAK 0x82
#define MSG_EVENT 0x83

/* NAK payload: code, detail. */
#define NAK_UNKNOWN_TYPE 1
#define NAK_BAD_LENGTH 2
#define NAK_OUT_OF_RANGE 3
#define NAK_NOT_ARMED 4
#define NAK_ARM_EXPIRED 5
#define NAK_NOT_ON_TARGET 6
#define NAK_VERSION 7
#define NAK_BUSY 8

/* EVENT payload: code, value (u16). */
#define EVENT_FAILSAFE 1
#define EVENT_SHOT 2
#define EVENT_ARM_EXPIRED 3

/* HELLO capability bits. */
#define CAP_PAN_TILT 0x01
#define CAP_TRIGGER 0x02
#define CAP_WS2812 0x04
#define CAP_WATCHDOG 0x08

/* STATUS flag bits. */
#define STATUS_ARMED 0x01
#define STATUS_FAILSAFE 0x02
#define STATUS_ON_TARGET 0x04
#define STATUS_FIRING 0x08
#define STATUS_HOST_SEEN 0x10

/* LED_SET / LED_FILL flag bits. */
#define LED_FLAG_SHOW 0x01

#define HELLO_PAYLOAD 14
#define STATUS_PAYLOAD 25
#define CONFIG_PAYLOAD 18

#endif
