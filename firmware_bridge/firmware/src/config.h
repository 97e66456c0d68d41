/* The board's wiring, hard limits and timings: the one place to change them.
 *
 * firmware_bridge/protocol.py (BoardFacts) mirrors the limits and
 * firmware_bridge/emulator.py the pins; tests/bridge/test_bridge_protocol.py checks both.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <avr/io.h>

#define UART_BAUD 250000UL /* exact at 16 MHz (U2X, UBRR 7); 115200 would be 2.1% off */

/* Servos: all three on PORTB, so one port write ends a pulse and starts the next and both
 * edges see the same interrupt latency. Arduino Uno pins in brackets. */
#define SERVO_PORT PORTB
#define SERVO_DDR DDRB
#define SERVO_PAN_BIT PB1     /* D9 */
#define SERVO_TILT_BIT PB2    /* D10 */
#define SERVO_TRIGGER_BIT PB0 /* D8 */
#define SERVO_COUNT 3
#define SERVO_PAN 0
#define SERVO_TILT 1
#define SERVO_TRIGGER 2

#define STATUS_LED_BIT PB5 /* D13, the Uno's own LED: lit while armed */

/* WS2812 data line. */
#define LED_PORT PORTD
#define LED_DDR DDRD
#define LED_BIT PD6 /* D6, through a 330 ohm resistor */
#define MAX_LEDS 256 /* 768 bytes of the 2 KB RAM; 256 LEDs take 7.7 ms, inside the servo gap */

/* Servo pulse: 544..2400 us for 0..180 degrees (the Arduino Servo library's defaults),
 * a frame every 20 ms. Timer1 counts 0.5 us ticks (16 MHz / 8). */
#define PULSE_MIN_US 544
#define PULSE_MAX_US 2400
#define FRAME_TICKS 40000U
#define TICKS_PER_MS 2000U

/* Angles travel as centidegrees. */
#define ANGLE_MAX 18000U
#define SLEW_MAX 36000U     /* centidegrees per second: faster than the host may ask */
#define SLEW_DEFAULT 12000U
#define ARM_WINDOW_MIN 500U
#define ARM_WINDOW_MAX 30000U
#define ARM_WINDOW_DEFAULT 5000U
#define TRIGGER_SAFE_DEFAULT 0U
#define TRIGGER_FIRE_DEFAULT 9000U
#define FIRE_HOLD_MS 250U   /* trigger held in the fire position, then back to safe */

#define FAILSAFE_MS 300U    /* silence from the host before the cannon is made safe */

#endif
