/* simavr harness: runs the bridge firmware, puts its UART on a pty, reports pulses and LEDs.
 *
 *   harness FIRMWARE.elf [--servo PB1]... [--ws2812 PD6] [--mcu atmega328p] [--freq 16000000]
 *
 * Every line it prints for the host starts with '@' (simavr prints its own lines too):
 *   @pty /dev/pts/N                 the UART; printed once, before anything else of ours
 *   @pulse PB1 1472.00 123456       a servo pulse: pin, width in us, end time in us
 *   @ws2812 PD6 123456 6 ff0000...  a WS2812 frame: pin, latch time, byte count, wire bytes
 *   @reset 123456                   the board was reset on request (SIGUSR1)
 *   @stopped <state>                the simulated CPU stopped or crashed
 * Times are simulated microseconds since start. The WS2812 bytes are as sent on the wire
 * (G, R, B per LED).
 *
 * SIGUSR1 resets the AVR, like the reset button; SIGTERM or SIGINT ends the harness.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "avr_ioport.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"
#include "sim_irq.h"
#include "uart_pty.h"

#define MAX_SERVOS 8
#define WS2812_MAX_BYTES (3 * 1024)
#define WS2812_LATCH_US 50
#define WS2812_ONE_NS 625 /* between a 0's 400 ns and a 1's 800 ns high time */
#define MAX_LAG_NS 50000000LL /* further behind than this, stop trying to catch up */

typedef struct {
    char port;
    int bit;
    int high;
    avr_cycle_count_t rose;
} servo_probe_t;

typedef struct {
    char port;
    int bit;
    int high;
    avr_cycle_count_t rose;
    int bits;
    uint8_t bytes[WS2812_MAX_BYTES];
} strip_probe_t;

static avr_t *avr;
static uart_pty_t uart_pty;
static servo_probe_t servos[MAX_SERVOS];
static int servo_count;
static strip_probe_t strip;
static int have_strip;
static struct timespec wall_start;
static volatile sig_atomic_t reset_requested, stop_requested;

static double cycles_to_us(avr_cycle_count_t cycles)
{
    return (double)cycles * 1e6 / avr->frequency;
}

static void servo_edge(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    servo_probe_t *p = param;
    /* Pin IRQs fire on every write to the port, changed or not: track the level here. */
    if (value && !p->high) {
        p->high = 1;
        p->rose = avr->cycle;
    } else if (!value && p->high) {
        p->high = 0;
        printf("@pulse P%c%d %.2f %.0f\n", p->port, p->bit, cycles_to_us(avr->cycle - p->rose),
               cycles_to_us(avr->cycle));
    }
}

static avr_cycle_count_t strip_latch(struct avr_t *a, avr_cycle_count_t when, void *param)
{
    (void)a;
    (void)when;
    strip_probe_t *s = param;
    int count = s->bits / 8;
    printf("@ws2812 P%c%d %.0f %d ", s->port, s->bit, cycles_to_us(avr->cycle), count);
    for (int i = 0; i < count; i++)
        printf("%02x", s->bytes[i]);
    printf(s->bits % 8 ? " partial\n" : "\n");
    s->bits = 0;
    return 0; /* not periodic */
}

static void strip_edge(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    strip_probe_t *s = param;
    if (value && !s->high) {
        s->high = 1;
        s->rose = avr->cycle;
        return;
    }
    if (value || !s->high)
        return;
    s->high = 0;
    double high_ns = cycles_to_us(avr->cycle - s->rose) * 1000.0;
    if (s->bits < WS2812_MAX_BYTES * 8) {
        uint8_t *byte = &s->bytes[s->bits / 8];
        if (s->bits % 8 == 0)
            *byte = 0;
        *byte = (uint8_t)(*byte << 1 | (high_ns > WS2812_ONE_NS));
        s->bits++;
    }
    /* Re-registering replaces the pending timer: the frame ends 50 us after the last bit. */
    avr_cycle_timer_register_usec(avr, WS2812_LATCH_US, strip_latch, s);
}

static avr_irq_t *pin_irq(char port, int bit)
{
    return avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
}

/* Replaces simavr's sleep: instead of sleeping for the interval, sleep until the wall clock
 * reaches the simulated time, so simulated time tracks real time without drifting. */
static void paced_sleep(avr_t *a, avr_cycle_count_t how_long)
{
    long long sim_ns = (long long)((double)(a->cycle + how_long) * 1e9 / a->frequency);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long long wall_ns = (now.tv_sec - wall_start.tv_sec) * 1000000000LL + (now.tv_nsec - wall_start.tv_nsec);
    long long ahead = sim_ns - wall_ns;
    if (ahead < -MAX_LAG_NS) {
        /* Far behind (the host stalled us): restart the pacing from here. */
        wall_start.tv_sec += (time_t)((-ahead) / 1000000000LL);
        wall_start.tv_nsec += (long)((-ahead) % 1000000000LL);
        if (wall_start.tv_nsec >= 1000000000L) {
            wall_start.tv_sec++;
            wall_start.tv_nsec -= 1000000000L;
        }
        return;
    }
    if (ahead <= 0)
        return;
    struct timespec until = wall_start;
    until.tv_sec += (time_t)(sim_ns / 1000000000LL);
    until.tv_nsec += (long)(sim_ns % 1000000000LL);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == EINTR && !stop_requested) {
    }
}

static void on_signal(int sig)
{
    if (sig == SIGUSR1)
        reset_requested = 1;
    else
        stop_requested = 1;
}

static int parse_pin(const char *text, char *port, int *bit)
{
    if (strlen(text) != 3 || text[0] != 'P' || text[1] < 'A' || text[1] > 'H' || text[2] < '0' || text[2] > '7')
        return 0;
    *port = text[1];
    *bit = text[2] - '0';
    return 1;
}

static void usage(const char *why, const char *what)
{
    fprintf(stderr, "harness: %s '%s'\nusage: harness FIRMWARE.elf [--servo PB1]... [--ws2812 PD6] "
                    "[--mcu atmega328p] [--freq 16000000]\n", why, what);
    exit(2);
}

int main(int argc, char **argv)
{
    const char *firmware_path = NULL, *mcu = "atmega328p";
    unsigned long frequency = 16000000UL;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--servo") || !strcmp(arg, "--ws2812") || !strcmp(arg, "--mcu") || !strcmp(arg, "--freq")) {
            if (i + 1 >= argc)
                usage("missing value after", arg);
            const char *value = argv[++i];
            if (!strcmp(arg, "--mcu")) {
                mcu = value;
            } else if (!strcmp(arg, "--freq")) {
                frequency = strtoul(value, NULL, 10);
            } else if (!strcmp(arg, "--servo")) {
                if (servo_count == MAX_SERVOS)
                    usage("too many servos at", value);
                if (!parse_pin(value, &servos[servo_count].port, &servos[servo_count].bit))
                    usage("not a pin like PB1:", value);
                servo_count++;
            } else {
                if (!parse_pin(value, &strip.port, &strip.bit))
                    usage("not a pin like PD6:", value);
                have_strip = 1;
            }
        } else if (!firmware_path && arg[0] != '-') {
            firmware_path = arg;
        } else {
            usage("unexpected argument", arg);
        }
    }
    if (!firmware_path)
        usage("no firmware given", "");

    setvbuf(stdout, NULL, _IOLBF, 0); /* the host reads us line by line, as it happens */

    elf_firmware_t firmware;
    memset(&firmware, 0, sizeof firmware);
    if (elf_read_firmware(firmware_path, &firmware) != 0) {
        fprintf(stderr, "harness: cannot read firmware '%s'\n", firmware_path);
        return 1;
    }
    strncpy(firmware.mmcu, mcu, sizeof firmware.mmcu - 1);
    firmware.frequency = frequency;
    avr = avr_make_mcu_by_name(firmware.mmcu);
    if (!avr) {
        fprintf(stderr, "harness: simavr does not know the MCU '%s'\n", mcu);
        return 1;
    }
    avr_init(avr);
    avr_load_firmware(avr, &firmware);
    avr->log = LOG_ERROR;
    avr->sleep = paced_sleep;

    uart_pty_init(avr, &uart_pty);
    uart_pty_connect(&uart_pty, '0');
    /* Our firmware sleeps rather than polling the UART, so simavr's poll-sleep only slows it. */
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~AVR_UART_FLAG_POLL_SLEEP;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    /* uart_pty forwards host bytes only after XON, and the UART raises XON only when the
     * firmware polls UCSR0A with an empty buffer: raise it once so the first bytes flow. */
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), 1);

    for (int i = 0; i < servo_count; i++)
        avr_irq_register_notify(pin_irq(servos[i].port, servos[i].bit), servo_edge, &servos[i]);
    if (have_strip)
        avr_irq_register_notify(pin_irq(strip.port, strip.bit), strip_edge, &strip);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGUSR1, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);

    /* The pty path, not simavr's fixed /tmp/simavr-uart0 link: harnesses can run side by side. */
    printf("@pty %s\n", uart_pty.pty.slavename);
    clock_gettime(CLOCK_MONOTONIC, &wall_start);

    while (!stop_requested) {
        if (reset_requested) {
            reset_requested = 0;
            avr_reset(avr);
            printf("@reset %.0f\n", cycles_to_us(avr->cycle));
        }
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            printf("@stopped %s\n", state == cpu_Done ? "done" : "crashed");
            break;
        }
    }
    fflush(stdout);
    /* No uart_pty_stop(): it can hang joining its thread. Exiting closes the pty anyway. */
    _exit(0);
}
