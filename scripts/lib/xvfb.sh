# Sourced by the XBoard scripts: `start_xvfb N` starts a virtual X server
# on the first free display from N (taken again if another Xvfb wins it)
# and sets XVFB_DISPLAY (its number) and XVFB_PID. The caller kills
# XVFB_PID when done (a trap on EXIT).
start_xvfb() {
    XVFB_DISPLAY="$1"
    while :; do
        while [ -e "/tmp/.X11-unix/X$XVFB_DISPLAY" ] || [ -e "/tmp/.X$XVFB_DISPLAY-lock" ]; do
            XVFB_DISPLAY=$((XVFB_DISPLAY + 1))
        done
        Xvfb ":$XVFB_DISPLAY" -screen 0 1280x1024x24 >/dev/null 2>&1 &
        XVFB_PID=$!
        sleep 1
        kill -0 "$XVFB_PID" 2>/dev/null && return 0
        XVFB_DISPLAY=$((XVFB_DISPLAY + 1))
    done
}
