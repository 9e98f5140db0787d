#!/usr/bin/env python3
"""Regenerates the binary members of the test corpus (committed as files).

  swf/small.swf.gz                    valid gzip of swf/small.swf (mtime 0)
  bad_input/swf_gz_truncated.swf.gz   the same stream cut in half
  bad_input/swf_gz_corrupt.swf.gz     complete stream with a wrong CRC-32
  bad_input/binary_garbage.csv        NUL bytes in the first line
  bad_input/swf_binary_garbage.swf    NUL bytes near the start
  bad_input/swf_binary_no_header.swf  NUL bytes and no MaxProcs header

Run from tests/data: python3 make_binary_inputs.py
"""
import gzip

with open("swf/small.swf", "rb") as f:
    text = f.read()
gz = gzip.compress(text, compresslevel=9, mtime=0)
with open("swf/small.swf.gz", "wb") as f:
    f.write(gz)
with open("bad_input/swf_gz_truncated.swf.gz", "wb") as f:
    f.write(gz[: len(gz) // 2])
corrupt = bytearray(gz)
corrupt[-8] ^= 0xFF  # first byte of the CRC-32 trailer
with open("bad_input/swf_gz_corrupt.swf.gz", "wb") as f:
    f.write(bytes(corrupt))
garbage = b"\x00\x01\x02\x03PK\x03\x04\xff\xfe\x00garbage\x00\x00\n\x00\x00\x00\x10\x20,\n\xde\xad\xbe\xef\n"
with open("bad_input/binary_garbage.csv", "wb") as f:
    f.write(garbage)
with open("bad_input/swf_binary_garbage.swf", "wb") as f:
    f.write(b"; MaxProcs: 64\n" + garbage)
with open("bad_input/swf_binary_no_header.swf", "wb") as f:
    f.write(garbage)
