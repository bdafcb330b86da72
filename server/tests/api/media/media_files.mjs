// Files the media tests upload, and the upload itself.
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { json, staffBearer } from '../staff/staff_flow.mjs';

// Declares an upload (`body`: articleId, kind, name, purpose) of `bytes` with staff `token` and sends it chunk by
// chunk as the console does, each as large as the portal allows; answers the upload once complete (its jobId set).
export async function uploadInChunks(api, token, body, bytes) {
  const res = await api('/admin/media/uploads', json({ ...body, size: bytes.length }, staffBearer(token).headers));
  assert.equal(res.status, 201, await res.clone().text());
  let up = (await res.json()).data;
  while (!up.jobId) {
    const next = bytes.subarray(up.received, Math.min(up.received + up.chunkLimit, bytes.length));
    const put = await api(`/admin/media/uploads/${up.id}`, {
      method: 'PUT',
      headers: { ...staffBearer(token).headers, 'content-type': 'application/octet-stream', 'content-range': `bytes ${up.received}-${up.received + next.length - 1}/${bytes.length}` },
      body: next,
    });
    assert.equal(put.status, 200, await put.clone().text());
    up = (await put.json()).data;
  }
  return up;
}

// A stored zip (no compression) of the given entries, as an archiver would write it.
export function zip(entries) {
  const parts = [], dir = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const n = Buffer.from(name), data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(data.length, 22); local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE((3 << 8) | 20, 4); central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16); central.writeUInt32LE(data.length, 20); central.writeUInt32LE(data.length, 24); central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); central.writeUInt32LE(offset, 42);
    parts.push(local, n, data);
    dir.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const directory = Buffer.concat(dir);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(entries.length, 8); end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
