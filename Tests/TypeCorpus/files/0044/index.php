<?php
echo 'Hello world';
