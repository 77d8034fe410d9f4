/* The movement search of `hoplostat.engine.hexgrid.HexGrid.reachable`, and the blocked hexes it searches
 * around, in C (issue 15: the hot path of every movement step). Optional: the build compiles it when a C
 * compiler is at hand (hatch_build.py), and hexgrid.py falls back to its own pure-Python code, which these
 * functions must match exactly, down to the order of the returned dict (callers turn that order into the
 * order of a decision's options). tests/engine/test_compiled_search.py compares the two on random boards.
 *
 * reachable(table, start, movement, blocked, stop) -> dict hex -> steps
 *   table    bytes: 6 little-endian int16 neighbours per hex, in HexGrid.neighbours order, -1 padding
 *   start    the unit's hex (not in the result)
 *   movement at most this many steps (> 0)
 *   blocked  list or tuple of bools, one per hex: never entered (MOV-2)
 *   stop     set or frozenset of hexes that may be entered but not left (Combat Lock)
 *
 * blocked(board, move_block) -> list of bools, one per hex: occupied (board entry >= 0) or blocked for every
 *   move (move_block true): `GameState.blocked_for_move` before footholds, asked at every movement decision.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define DEGREE 6
#define SMALL 512

static PyObject *
reachable(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "reachable(table, start, movement, blocked, stop)");
        return NULL;
    }
    PyObject *table = args[0], *blocked_arg = args[3], *stop = args[4];
    if (!PyBytes_Check(table)) {
        PyErr_SetString(PyExc_TypeError, "reachable: table must be bytes");
        return NULL;
    }
    if (!PyAnySet_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "reachable: stop must be a set or frozenset");
        return NULL;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(table) / (2 * DEGREE);
    long start = PyLong_AsLong(args[1]);
    long movement = PyLong_AsLong(args[2]);
    if (PyErr_Occurred())
        return NULL;
    if (start < 0 || start >= n) {
        PyErr_SetString(PyExc_IndexError, "reachable: start hex out of range");
        return NULL;
    }
    PyObject *blocked = PySequence_Fast(blocked_arg, "reachable: blocked must be a sequence");
    if (blocked == NULL)
        return NULL;
    if (PySequence_Fast_GET_SIZE(blocked) < n) {
        Py_DECREF(blocked);
        PyErr_SetString(PyExc_IndexError, "reachable: blocked is shorter than the arena");
        return NULL;
    }
    PyObject **bl = PySequence_Fast_ITEMS(blocked);
    const unsigned char *tab = (const unsigned char *)PyBytes_AS_STRING(table);
    int check_stop = PySet_GET_SIZE(stop) > 0;

    /* seen: 0 new, 1 recorded (or the start); frontier and next share one buffer of n hexes each */
    char seen_small[SMALL];
    int32_t queue_small[2 * SMALL];
    char *seen = seen_small;
    int32_t *queue = queue_small;
    if (n > SMALL) {
        seen = PyMem_Malloc(n);
        queue = PyMem_Malloc(2 * n * sizeof(int32_t));
        if (seen == NULL || queue == NULL) {
            PyMem_Free(seen == seen_small ? NULL : seen);
            PyMem_Free(queue == queue_small ? NULL : queue);
            Py_DECREF(blocked);
            return PyErr_NoMemory();
        }
    }
    memset(seen, 0, n);
    int32_t *frontier = queue, *next = queue + n;
    Py_ssize_t nf = 1, nn;
    frontier[0] = (int32_t)start;
    seen[start] = 1;

    PyObject *out = PyDict_New();
    if (out == NULL)
        goto fail;
    for (long step = 1; step <= movement; step++) {
        nn = 0;
        for (Py_ssize_t i = 0; i < nf; i++) {
            const unsigned char *row = tab + (Py_ssize_t)frontier[i] * 2 * DEGREE;
            for (int k = 0; k < DEGREE; k++) {
                int m = (int16_t)(row[2 * k] | (row[2 * k + 1] << 8));
                if (m < 0)
                    break;
                if (seen[m])
                    continue;
                PyObject *b = bl[m];
                if (b == Py_True)
                    continue;
                if (b != Py_False) {
                    int t = PyObject_IsTrue(b);
                    if (t < 0)
                        goto fail;
                    if (t)
                        continue;
                }
                PyObject *key = PyLong_FromLong(m);
                PyObject *val = PyLong_FromLong(step);
                if (key == NULL || val == NULL || PyDict_SetItem(out, key, val) < 0) {
                    Py_XDECREF(key);
                    Py_XDECREF(val);
                    goto fail;
                }
                Py_DECREF(val);
                seen[m] = 1;
                int stops = 0;
                if (check_stop) {
                    stops = PySet_Contains(stop, key);
                    if (stops < 0) {
                        Py_DECREF(key);
                        goto fail;
                    }
                }
                Py_DECREF(key);
                if (!stops)
                    next[nn++] = (int32_t)m;
            }
        }
        if (nn == 0)
            break;
        int32_t *swap = frontier;
        frontier = next;
        next = swap;
        nf = nn;
    }
    if (seen != seen_small) {
        PyMem_Free(seen);
        PyMem_Free(queue);
    }
    Py_DECREF(blocked);
    return out;

fail:
    Py_XDECREF(out);
    if (seen != seen_small) {
        PyMem_Free(seen);
        PyMem_Free(queue);
    }
    Py_DECREF(blocked);
    return NULL;
}

static PyObject *
blocked(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "blocked(board, move_block)");
        return NULL;
    }
    PyObject *board = PySequence_Fast(args[0], "blocked: board must be a sequence");
    if (board == NULL)
        return NULL;
    PyObject *mb = PySequence_Fast(args[1], "blocked: move_block must be a sequence");
    if (mb == NULL) {
        Py_DECREF(board);
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(board);
    PyObject *out = NULL;
    if (PySequence_Fast_GET_SIZE(mb) < n) {
        PyErr_SetString(PyExc_IndexError, "blocked: move_block is shorter than the board");
        goto done;
    }
    PyObject **bd = PySequence_Fast_ITEMS(board), **st = PySequence_Fast_ITEMS(mb);
    out = PyList_New(n);
    if (out == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        long x = PyLong_AsLong(bd[i]);
        if (x == -1 && PyErr_Occurred()) {
            Py_CLEAR(out);
            goto done;
        }
        int v = x >= 0;
        if (!v) {
            v = st[i] == Py_True ? 1 : (st[i] == Py_False ? 0 : PyObject_IsTrue(st[i]));
            if (v < 0) {
                Py_CLEAR(out);
                goto done;
            }
        }
        PyObject *b = v ? Py_True : Py_False;
        Py_INCREF(b);
        PyList_SET_ITEM(out, i, b);
    }
done:
    Py_DECREF(board);
    Py_DECREF(mb);
    return out;
}

static PyMethodDef methods[] = {
    {"reachable", (PyCFunction)(void (*)(void))reachable, METH_FASTCALL,
     "reachable(table, start, movement, blocked, stop) -> dict: hexes within movement steps -> steps"},
    {"blocked", (PyCFunction)(void (*)(void))blocked, METH_FASTCALL,
     "blocked(board, move_block) -> list of bools: occupied or blocked for every move, per hex"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_hexfast", "The movement search of hexgrid.HexGrid.reachable, in C.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__hexfast(void)
{
    return PyModule_Create(&module);
}
