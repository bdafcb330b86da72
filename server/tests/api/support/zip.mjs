// Reads a zip the portal streams (an album's download, issue 72 item 1) the way an unzip tool does: the central
// directory from the end record, each entry's local header and bytes, its CRC-32 checked.
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';

// The entries of a zip as its central directory lists them, each checked against its local header and its CRC.
export function readZip(buf) {
  const end = buf.length - 22;
  assert.equal(buf.readUInt32LE(end), 0x06054b50, 'the end record closes the archive');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50);
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + skip;
    assert.equal(buf.readUInt32LE(local), 0x04034b50);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const content = buf.subarray(start, start + size);
    assert.equal(flags & 0x0800, 0x0800, 'UTF-8 names');
    assert.equal(method, 0, 'stored');
    assert.equal(crc32(content) >>> 0, crc, `the CRC of ${name}`);
    entries.push({ name, content });
  }
  return entries;
}

