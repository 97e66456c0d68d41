/* Servo pulses from the Timer1 compare-A interrupt, one servo after another, every 20 ms. */
#ifndef SERVO_H
#define SERVO_H

#include <stdint.h>

void servo_init(void);
/* Width of the next pulses for one servo, from an angle in centidegrees (0..18000). */
void servo_set_angle(uint8_t servo, uint16_t centidegrees);
/* True once per 20 ms frame, when a new frame has started (the slew clock). */
uint8_t servo_frame_started(void);
/* True when every pulse of this frame is over and `ticks` (0.5 us) remain before the next. */
uint8_t servo_quiet_for(uint16_t ticks);

#endif
