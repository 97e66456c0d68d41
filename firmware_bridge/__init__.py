"""Hardware bridge: framing, protocol, serial link, devices, twin and firmware."""
