/* The cannon: soft limits, slew-limited aim, arming window, trigger, and making it safe.
 *
 * The limits live here, in the firmware, so no host bug can drive the servos past them;
 * the host mirrors them only to tell its user early. Setpoints are absolute, so a command
 * repeated after a lost ACK or a reboot lands in the same place.
 */
#include <avr/io.h>
#include <util/atomic.h>

#include "cannon.h"
#include "config.h"
#include "protocol.h"
#include "servo.h"

#define FRAMES_PER_SECOND 50U

static cannon_config_t cfg;
static uint16_t pan, tilt, pan_target, tilt_target, trigger;
static uint8_t armed, firing;
static uint32_t arm_deadline, fire_end;

static uint8_t reached(uint32_t now, uint32_t deadline)
{
    return (int32_t)(now - deadline) >= 0; /* survives the 49-day wrap of the ms clock */
}

static void show_armed(void)
{
    /* The servo interrupt writes PORTB too, so this read-modify-write must not be split. */
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        if (armed)
            PORTB |= _BV(STATUS_LED_BIT);
        else
            PORTB &= ~_BV(STATUS_LED_BIT);
    }
}

static void set_trigger(uint16_t angle)
{
    trigger = angle;
    servo_set_angle(SERVO_TRIGGER, angle);
}

void cannon_init(void)
{
    cfg.pan_min = 0;
    cfg.pan_max = ANGLE_MAX;
    cfg.tilt_min = 0;
    cfg.tilt_max = ANGLE_MAX;
    cfg.slew = SLEW_DEFAULT;
    cfg.trigger_safe = TRIGGER_SAFE_DEFAULT;
    cfg.trigger_fire = TRIGGER_FIRE_DEFAULT;
    cfg.arm_window_ms = ARM_WINDOW_DEFAULT;
    /* A hobby servo's position is unknown at power-on; start from the middle, where
     * servo_init already points the pulses. */
    pan = tilt = pan_target = tilt_target = ANGLE_MAX / 2;
    DDRB |= _BV(STATUS_LED_BIT);
    cannon_make_safe();
}

static uint16_t clamp(uint16_t value, uint16_t low, uint16_t high)
{
    return value < low ? low : value > high ? high : value;
}

uint8_t cannon_configure(const cannon_config_t *c)
{
    if (c->pan_min > ANGLE_MAX)
        return 1;
    if (c->pan_max > ANGLE_MAX || c->pan_max < c->pan_min)
        return 2;
    if (c->tilt_min > ANGLE_MAX)
        return 3;
    if (c->tilt_max > ANGLE_MAX || c->tilt_max < c->tilt_min)
        return 4;
    if (c->slew == 0 || c->slew > SLEW_MAX)
        return 5;
    if (c->trigger_safe > ANGLE_MAX)
        return 6;
    if (c->trigger_fire > ANGLE_MAX)
        return 7;
    if (c->arm_window_ms < ARM_WINDOW_MIN || c->arm_window_ms > ARM_WINDOW_MAX)
        return 8;
    cfg = *c;
    /* Whoever armed the cannon armed it under the old settings. */
    cannon_disarm();
    pan_target = clamp(pan_target, cfg.pan_min, cfg.pan_max);
    tilt_target = clamp(tilt_target, cfg.tilt_min, cfg.tilt_max);
    if (!firing)
        set_trigger(cfg.trigger_safe);
    return 0;
}

uint8_t cannon_aim(uint16_t new_pan, uint16_t new_tilt, uint8_t *detail)
{
    if (firing)
        return NAK_BUSY;
    if (new_pan < cfg.pan_min || new_pan > cfg.pan_max) {
        *detail = 0;
        return NAK_OUT_OF_RANGE;
    }
    if (new_tilt < cfg.tilt_min || new_tilt > cfg.tilt_max) {
        *detail = 1;
        return NAK_OUT_OF_RANGE;
    }
    pan_target = new_pan;
    tilt_target = new_tilt;
    return 0;
}

void cannon_arm(uint32_t now)
{
    armed = 1;
    arm_deadline = now + cfg.arm_window_ms;
    show_armed();
}

void cannon_disarm(void)
{
    armed = 0;
    show_armed();
}

uint8_t cannon_fire(uint32_t now, uint8_t *detail)
{
    *detail = 0;
    if (firing)
        return NAK_BUSY;
    if (!armed)
        return NAK_NOT_ARMED;
    if (reached(now, arm_deadline)) {
        cannon_disarm();
        return NAK_ARM_EXPIRED;
    }
    if (pan != pan_target || tilt != tilt_target)
        return NAK_NOT_ON_TARGET;
    cannon_disarm(); /* one arming, one shot */
    firing = 1;
    fire_end = now + FIRE_HOLD_MS;
    set_trigger(cfg.trigger_fire);
    return 0;
}

void cannon_make_safe(void)
{
    cannon_disarm();
    firing = 0;
    set_trigger(cfg.trigger_safe);
    pan_target = pan;
    tilt_target = tilt;
}

static uint16_t step_toward(uint16_t value, uint16_t target, uint16_t step)
{
    if (value < target)
        return target - value > step ? value + step : target;
    return value - target > step ? value - step : target;
}

void cannon_slew_step(void)
{
    uint16_t step = cfg.slew / FRAMES_PER_SECOND;
    if (step == 0)
        step = 1;
    pan = step_toward(pan, pan_target, step);
    tilt = step_toward(tilt, tilt_target, step);
    servo_set_angle(SERVO_PAN, pan);
    servo_set_angle(SERVO_TILT, tilt);
}

uint8_t cannon_tick(uint32_t now)
{
    if (firing && reached(now, fire_end)) {
        firing = 0;
        set_trigger(cfg.trigger_safe);
        return EVENT_SHOT;
    }
    if (armed && reached(now, arm_deadline)) {
        cannon_disarm();
        return EVENT_ARM_EXPIRED;
    }
    return 0;
}

void cannon_state(uint32_t now, cannon_state_t *s)
{
    s->armed = armed;
    s->firing = firing;
    s->on_target = pan == pan_target && tilt == tilt_target;
    s->pan = pan;
    s->tilt = tilt;
    s->pan_target = pan_target;
    s->tilt_target = tilt_target;
    s->trigger = trigger;
    s->arm_left_ms = armed && !reached(now, arm_deadline) ? (uint16_t)(arm_deadline - now) : 0;
}
