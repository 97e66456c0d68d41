/* The bridge firmware's start-up and main loop: watchdog, sleep, and the order of work. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>

#include "cannon.h"
#include "clock.h"
#include "commands.h"
#include "config.h"
#include "leds.h"
#include "link.h"
#include "servo.h"

#define BOARD_ID_ADDRESS ((uint32_t *)0)

static uint8_t reset_flags __attribute__((section(".noinit")));

/* Runs before main and before .data/.bss are set up. After a watchdog reset the watchdog
 * stays on at its shortest timeout, so it must be stopped before the C start-up code could
 * outlast it; MCUSR is saved first because clearing WDRF is what allows that. */
void early_start(void) __attribute__((naked, used, section(".init3")));
void early_start(void)
{
    reset_flags = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

/* Low bits of the internal temperature sensor are noise, which gives a board a random id
 * the first time it starts; the id is then kept in EEPROM. */
static uint32_t board_id(void)
{
    uint32_t id = eeprom_read_dword(BOARD_ID_ADDRESS);
    if (id != 0xFFFFFFFFUL && id != 0)
        return id;
    ADMUX = _BV(REFS1) | _BV(REFS0) | _BV(MUX3);
    ADCSRA = _BV(ADEN) | _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);
    for (uint8_t i = 0; i < 64; i++) {
        ADCSRA |= _BV(ADSC);
        while (ADCSRA & _BV(ADSC)) {
        }
        id = (id << 3 | id >> 29) ^ ADC ^ TCNT1;
    }
    ADCSRA = 0;
    if (id == 0xFFFFFFFFUL || id == 0)
        id = 1;
    eeprom_update_dword(BOARD_ID_ADDRESS, id);
    return id;
}

/* Sleeping when idle saves power on the board, and under simavr it is what keeps simulated
 * time in step with the wall clock (the failsafe test depends on that). Timer0 wakes the
 * loop every millisecond at the latest. */
static void idle(void)
{
    cli();
    if (link_rx_pending() && !commands_waiting_for_show()) {
        sei();
        return;
    }
    set_sleep_mode(SLEEP_MODE_IDLE);
    sleep_enable();
    sei(); /* the instruction after SEI always runs, so no wake-up can slip in between */
    sleep_cpu();
    sleep_disable();
}

int main(void)
{
    clock_init();
    servo_init();
    leds_init();
    cannon_init();
    link_init();
    sei();
    uint32_t id = board_id();
    wdt_enable(WDTO_250MS);
    commands_init(reset_flags, id, clock_ms());
    link_send_delimiter(); /* ends any half frame the host caught while we reset */
    commands_hello(0, 1);

    for (;;) {
        wdt_reset();
        frame_t frame;
        while (!commands_waiting_for_show() && link_poll(&frame))
            commands_handle(&frame, clock_ms());
        if (servo_frame_started())
            cannon_slew_step();
        commands_tick(clock_ms());
        if (leds_service())
            commands_shown();
        idle();
    }
}
