/* WS2812 output by timed bit-banging on one pin at 16 MHz.
 *
 * Each bit is 20 cycles (1.25 us): the line is high for 6 cycles (375 ns) for a 0 and 12
 * cycles (750 ns) for a 1, inside the datasheet's 400/800 ns +-150 ns. The cycle counts
 * below are for the instructions as written; the loop is in assembly so the compiler cannot
 * reorder them. Between bytes the line stays low a few cycles longer, which the LEDs accept
 * (anything under the 50 us reset time).
 */
#include <avr/io.h>

#include "config.h"
#include "ws2812.h"

void ws2812_init(void)
{
    LED_PORT &= ~_BV(LED_BIT);
    LED_DDR |= _BV(LED_BIT);
}

void ws2812_send(const uint8_t *bytes, uint16_t count)
{
    uint8_t low = LED_PORT & ~_BV(LED_BIT);
    uint8_t high = low | _BV(LED_BIT);
    while (count--) {
        uint8_t byte = *bytes++;
        uint8_t bits = 8;
        __asm__ volatile(
            "1:\n\t"
            "out %[port], %[high]\n\t" /* cycle 0: line high */
            "nop\n\t"
            "nop\n\t"
            "nop\n\t"
            "nop\n\t"                   /* cycles 1-4 */
            "sbrs %[byte], 7\n\t"       /* cycle 5 (a 1 skips: cycles 5-6) */
            "out %[port], %[low]\n\t"   /* cycle 6: a 0 ends here, high for 6 */
            "nop\n\t"
            "nop\n\t"
            "nop\n\t"
            "nop\n\t"
            "nop\n\t"                   /* cycles 7-11 */
            "out %[port], %[low]\n\t"   /* cycle 12: a 1 ends here, high for 12 */
            "lsl %[byte]\n\t"           /* 13 */
            "nop\n\t"
            "nop\n\t"
            "nop\n\t"                   /* 14-16 */
            "dec %[bits]\n\t"           /* 17 */
            "brne 1b\n\t"               /* 18-19: next bit at cycle 20 */
            : [byte] "+r"(byte), [bits] "+r"(bits)
            : [port] "I"(_SFR_IO_ADDR(LED_PORT)), [high] "r"(high), [low] "r"(low));
    }
}
