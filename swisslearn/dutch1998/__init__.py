"""The FIDE Dutch system as approved in 1992/1997/1998 (seed 000): its D1/D2 orders and pairing engine."""
