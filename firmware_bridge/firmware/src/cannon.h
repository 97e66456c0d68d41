/* The cannon: soft limits, slew-limited aim, arming window, trigger, and making it safe. */
#ifndef CANNON_H
#define CANNON_H

#include <stdint.h>

typedef struct {
    uint16_t pan_min, pan_max, tilt_min, tilt_max; /* centidegrees */
    uint16_t slew;                                 /* centidegrees per second */
    uint16_t trigger_safe, trigger_fire;           /* centidegrees */
    uint16_t arm_window_ms;
} cannon_config_t;

typedef struct {
    uint8_t armed, firing, on_target;
    uint16_t pan, tilt, pan_target, tilt_target, trigger;
    uint16_t arm_left_ms;
} cannon_state_t;

void cannon_init(void);
/* 0 if accepted, else 1 + the index of the first field out of range. */
uint8_t cannon_configure(const cannon_config_t *config);
/* 0, or a NAK code (with *detail) */
uint8_t cannon_aim(uint16_t pan, uint16_t tilt, uint8_t *detail);
void cannon_arm(uint32_t now);
void cannon_disarm(void);
uint8_t cannon_fire(uint32_t now, uint8_t *detail);
/* Disarms, puts the trigger in its safe position and holds the aim where it is now. */
void cannon_make_safe(void);
/* One 20 ms servo frame has passed: move toward the targets by at most the slew rate. */
void cannon_slew_step(void);
/* Returns an EVENT code (shot done, arming expired) or 0. */
uint8_t cannon_tick(uint32_t now);
void cannon_state(uint32_t now, cannon_state_t *state);

#endif
